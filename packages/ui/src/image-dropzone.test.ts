import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_ACCEPT, matchesAccept, validateFile } from './image-dropzone';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('matchesAccept', () => {
  it('matches exact MIME types, wildcards and extensions', () => {
    expect(matchesAccept(file('a.png', 'image/png'), 'image/png,image/jpeg')).toBe(true);
    expect(matchesAccept(file('a.gif', 'image/gif'), 'image/png,image/jpeg')).toBe(false);
    expect(matchesAccept(file('a.webp', 'image/webp'), 'image/*')).toBe(true);
    expect(matchesAccept(file('a.pdf', 'application/pdf'), 'image/*')).toBe(false);
    expect(matchesAccept(file('PHOTO.JPG', ''), '.jpg, .jpeg')).toBe(true);
  });

  it('accepts anything when the list is empty', () => {
    expect(matchesAccept(file('a.exe', 'application/x-msdownload'), '')).toBe(true);
  });
});

describe('validateFile', () => {
  it('accepts images of the default list within the size', () => {
    expect(validateFile(file('a.jpg', 'image/jpeg', 1000), { maxSize: 1000 })).toBeNull();
    expect(DEFAULT_IMAGE_ACCEPT).toContain('image/png');
  });

  it('refuses other types first, then oversized files', () => {
    expect(validateFile(file('a.exe', 'application/x-msdownload'))).toBe('type');
    expect(validateFile(file('a.svg', 'image/svg+xml'))).toBe('type');
    expect(validateFile(file('a.png', 'image/png', 1001), { maxSize: 1000 })).toBe('too-large');
    expect(validateFile(file('a.exe', 'application/x-msdownload', 5000), { maxSize: 1 })).toBe(
      'type',
    );
  });

  it('has no size limit unless given one', () => {
    expect(validateFile(file('a.png', 'image/png', 10 ** 9))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isRealImage, mediaObjectId, sniffImageType } from './image-bank';
import { pictureSchema } from './schemas';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('picture form', () => {
  it('requires a title and a file or an existing image', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(pictureSchema.safeParse({ title: 'Logo', file, existingUrl: null }).success).toBe(true);
    expect(
      pictureSchema.safeParse({ title: 'Logo', file: null, existingUrl: '/media/a.png' }).success,
    ).toBe(true);
    const result = pictureSchema.safeParse({ title: '  ', file: null, existingUrl: null });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Ce champ est obligatoire.'],
      ['file', 'Une image est requise.'],
    ]);
    const noImage = pictureSchema.safeParse({ title: 'Logo', file: null, existingUrl: null });
    expect(noImage.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['file', 'Une image est requise.'],
    ]);
  });
});

describe('image content check', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('gif');
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe(
      'webp',
    );
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBe(
      null,
    );
    expect(sniffImageType(bytes())).toBeNull();
  });

  it('refuses an executable renamed .png', async () => {
    const exe = new File([bytes(0x4d, 0x5a, 0x90, 0x00, 0x03)], 'photo.png', { type: 'image/png' });
    expect(await isRealImage(exe)).toBe(false);
    const png = new File([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)], 'a.png');
    expect(await isRealImage(png)).toBe(true);
  });

  it('finds the media object id from its id or its IRI', () => {
    expect(mediaObjectId({ id: 1, title: 't', mediaObject: { id: 7 } })).toBe(7);
    expect(mediaObjectId({ id: 1, title: 't', mediaObject: { '@id': '/media_objects/12' } })).toBe(
      12,
    );
    expect(mediaObjectId({ id: 1, title: 't', mediaObject: null })).toBeNull();
  });
});

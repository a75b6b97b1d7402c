import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl } from './rich-text-editor';

describe('isSafeLinkUrl', () => {
  it.each([
    'https://example.fr',
    'http://example.fr/a?b=c',
    'mailto:a@b.fr',
    'tel:+33100000000',
    '/news/12',
  ])('accepts %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example',
    'example.fr',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});

import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { findUnsafeMarkup, XSS_CORPUS } from './xss-corpus';

// Runs in happy-dom (the kit's default test DOM), where DOMPurify keeps `onerror` and drops
// harmless elements. The sanitiser must notice and fail closed rather than pass markup on.
describe('sanitizeHtml in a DOM where DOMPurify misbehaves', () => {
  it('is the case this test guards against', () => {
    const raw = DOMPurify(window).sanitize('<p onclick="x">a</p>');
    expect(raw).not.toBe('<p>a</p>');
  });

  it('escapes the markup instead of trusting DOMPurify', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps every payload of the corpus inert', () => {
    for (const payload of XSS_CORPUS) {
      const clean = sanitizeHtml(payload);
      expect(findUnsafeMarkup(clean)).toEqual([]);
    }
  });
});

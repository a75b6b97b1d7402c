// @vitest-environment jsdom
// DOMPurify needs a faithful DOM: happy-dom 21 mis-sanitises (see sanitize.ts).
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, plainTextToHtml, sanitizeHtml } from './sanitize';
import { findUnsafeMarkup, XSS_CORPUS, xssPayloads } from './xss-corpus';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich content', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>texte</strong> <em>riche</em></p><ul><li>un</li></ul><img src="https://cdn.example/a.png" alt="Photo">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('returns an empty string for missing content', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });

  it('forces rel="noopener noreferrer" on every link and keeps target="_blank"', () => {
    expect(sanitizeHtml('<a href="https://example.fr" target="_blank">site</a>')).toBe(
      '<a href="https://example.fr" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeHtml('<a href="/news/1" rel="opener">interne</a>')).toBe(
      '<a href="/news/1" rel="noopener noreferrer">interne</a>',
    );
  });

  it('drops any target other than _blank', () => {
    expect(sanitizeHtml('<a href="https://example.fr" target="_top">site</a>')).toBe(
      '<a href="https://example.fr" rel="noopener noreferrer">site</a>',
    );
  });

  it('keeps mailto and tel links and inline raster images', () => {
    expect(sanitizeHtml('<a href="mailto:support@example.fr">écrire</a>')).toContain(
      'href="mailto:support@example.fr"',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="">')).toContain(
      'src="data:image/png;base64,iVBORw0KGgo="',
    );
  });

  it('removes javascript: URLs but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">lien</a>')).toBe(
      '<a rel="noopener noreferrer">lien</a>',
    );
  });

  it('keeps harmless inline styles and drops dangerous ones', () => {
    expect(sanitizeHtml('<p style="color: red">rouge</p>')).toBe('<p style="color: red">rouge</p>');
    expect(sanitizeHtml('<p style="background: url(x.png)">fond</p>')).toBe('<p>fond</p>');
  });
});

describe('XSS corpus', () => {
  it('has at least 50 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(XSS_CORPUS).size).toBe(XSS_CORPUS.length);
  });

  it('lets the caller choose the call a payload makes', () => {
    expect(xssPayloads('window.__xss=1')[0]).toBe('<script>window.__xss=1</script>');
  });

  it('the checker itself flags raw payloads', () => {
    expect(findUnsafeMarkup('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(findUnsafeMarkup('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(findUnsafeMarkup('<svg><script>alert(1)</script></svg>')).not.toEqual([]);
    expect(findUnsafeMarkup('<p>texte</p>')).toEqual([]);
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(findUnsafeMarkup(clean)).toEqual([]);
    expect(clean).not.toMatch(/<\s*script/i);
    expect(clean).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<\s*(?:iframe|object|embed|svg|math|meta|base|style|form)\b/i);
    expect(clean).not.toMatch(/srcdoc|expression\s*\(/i);
    expect(clean).not.toMatch(/(?:href|src)\s*=\s*"?\s*data:text/i);
  });

  it('neutralises the whole corpus saved as one document', () => {
    const clean = sanitizeHtml(XSS_CORPUS.join('\n'));
    expect(findUnsafeMarkup(clean)).toEqual([]);
  });

  it('stays safe when the corpus goes through plainTextToHtml first', () => {
    for (const payload of XSS_CORPUS) {
      expect(findUnsafeMarkup(sanitizeHtml(plainTextToHtml(payload)))).toEqual([]);
    }
  });
});

describe('plainTextToHtml', () => {
  it('turns line breaks of tag-free text into <br>', () => {
    expect(plainTextToHtml('Bonjour,\nligne 2\r\nligne 3\rfin')).toBe(
      'Bonjour,<br>ligne 2<br>ligne 3<br>fin',
    );
  });

  it('escapes the text', () => {
    expect(plainTextToHtml('1 < 2 & "3" > \'0\'\nok')).toBe(
      '1 &lt; 2 &amp; &quot;3&quot; &gt; &#39;0&#39;<br>ok',
    );
  });

  it('leaves content that already holds an HTML tag unchanged', () => {
    expect(plainTextToHtml('<p>Bonjour</p>\n<p>Au revoir</p>')).toBe(
      '<p>Bonjour</p>\n<p>Au revoir</p>',
    );
    expect(plainTextToHtml('ligne 1<br/>\nligne 2')).toBe('ligne 1<br/>\nligne 2');
  });

  it('treats comparison signs as text, not tags', () => {
    expect(looksLikeHtml('a < b et c > d')).toBe(false);
    expect(plainTextToHtml('a < b\nc > d')).toBe('a &lt; b<br>c &gt; d');
  });

  it('returns an empty string for missing content', () => {
    expect(plainTextToHtml(null)).toBe('');
    expect(plainTextToHtml('')).toBe('');
  });
});

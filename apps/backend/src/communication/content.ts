import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../html.js';

/**
 * News content on save. The apps sanitise again with DOMPurify before rendering; this is the
 * second line: scripts, styles, frames, SVG/MathML, event handlers and `javascript:` (or any
 * non-http) URLs never reach the database.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'span',
    'div',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    // No `class`: the editor writes none, and arbitrary classes would let content borrow the
    // app's own styles (an overlay looking like the portal's sign-in form).
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content (the default also drops textarea/option/noscript content).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'svg',
    'math',
    'template',
    'title',
  ],
  disallowedTagsMode: 'discard',
  // Pictures only from the portal's own media (the `contentUrl` the API answers): an outside
  // image would tell a third party who reads the news, and when.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isPortalMedia(frame.attribs.src),
  transformTags: {
    // Links opening a new tab cannot reach back to the portal.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** `/media/…` without dot segments, doubled slashes, backslashes or a scheme. */
export function isPortalMedia(src: string | undefined): boolean {
  if (!src || !src.startsWith('/media/')) return false;
  return !/\/\/|\\|(^|\/)\.\.?(\/|$)|%2e|%2f|%5c/i.test(src);
}

/** Any opening or closing HTML tag, e.g. `<p>`, `</b>`, `<br/>`, `<a href="…">`. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

/**
 * Plain text (no HTML tag at all) is escaped, its line breaks become `<br>` and it is wrapped in
 * a paragraph, so that what is stored always holds a tag: saving it again, or rendering it with
 * the apps' plain-text detection, never escapes it a second time. HTML is kept as written.
 * Either way the result is sanitised.
 */
export function newsContentOnSave(content: string): string {
  if (content.trim() === '') return '';
  const html = HTML_TAG.test(content)
    ? content
    : `<p>${escapeHtml(content).replace(/\r\n|\r|\n/g, '<br>')}</p>`;
  return sanitizeHtml(html, OPTIONS).trim();
}

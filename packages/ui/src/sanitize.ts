import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Attributes whose value is a URL. DOMPurify already drops `javascript:` and friends from
 * the ones it knows; this list is checked again after it, as a second line.
 */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
];
const UNSAFE_URL = /^(?:javascript|vbscript|livescript|data:(?!image\/(?:png|jpe?g|gif|webp);))/i;
/** CSS that can run code or load content in some browser (IE expressions, bindings, url()). */
const UNSAFE_STYLE =
  /expression\s*\(|url\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;

const CONFIG: Config = {
  // HTML only: SVG and MathML (and their namespace tricks) never survive.
  USE_PROFILES: { html: true },
  // News content is prose: no forms, no embedded documents, no style sheets.
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'meta',
    'link',
  ],
  FORBID_ATTR: ['srcdoc', 'formaction', 'action', 'xmlns'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

let purifier: Purifier | null | undefined;

// `onprobe` is no real event attribute: a real one makes Chrome log a CSP violation while
// DOMPurify parses it, though nothing runs.
const PROBE = '<p onprobe="x">a<img src="x" onprobe="y"></p><a href="javascript:z">b</a>';
const PROBE_EXPECTED = '<p>a<img src="x"></p><a rel="noopener noreferrer">b</a>';

/** Drops spaces and control characters, which browsers ignore inside a URL scheme. */
function compact(value: string): string {
  return [...value].filter((c) => c.charCodeAt(0) > 32).join('');
}

/**
 * One private DOMPurify instance, so our hooks never leak into other users of the library.
 * `null` when the DOM at hand cannot run DOMPurify faithfully: some test DOMs (happy-dom 21)
 * silently drop elements and keep handlers, so a probe is sanitised once before trusting it.
 */
function getPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = compact(data.attrValue);
    if (name === 'style' && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
    if (URL_ATTRIBUTES.includes(name) && UNSAFE_URL.test(value)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    if (node.hasAttribute('target') && node.getAttribute('target') !== '_blank') {
      node.removeAttribute('target');
    }
    // Every link, opening a new tab or not, gives the target page no handle on ours.
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier =
    instance.isSupported && instance.sanitize(PROBE, CONFIG) === PROBE_EXPECTED ? instance : null;
  return purifier;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Rich HTML (news content…) → markup safe to inject: no script, no event handler, no
 * `javascript:` URL, no SVG/MathML, no forms or frames; links get rel="noopener noreferrer"
 * and may keep target="_blank" (any other target is dropped).
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const instance = getPurifier();
  // Fail closed: without a working sanitiser the markup is shown as text, never parsed.
  return instance ? instance.sanitize(html, CONFIG) : escapeHtml(html);
}

/** A tag such as `<p>`, `</strong>`, `<br/>` or `<a href="…">`: the content is already HTML. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

/** True when the text holds at least one HTML tag. */
export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

/**
 * Content typed as plain text (no HTML tag at all) is escaped and its line breaks become
 * `<br>`; content that already holds a tag is returned unchanged (sanitise it when rendering).
 */
export function plainTextToHtml(text: string | null | undefined): string {
  if (!text) return '';
  if (looksLikeHtml(text)) return text;
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

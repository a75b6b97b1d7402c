/**
 * The headers a CDN serving the apps should send (docs/decisions/02-front-end.md, "Content-Security-Policy of
 * the apps"), used by the apps' own static servers too (`vite preview` of `npm start`, the
 * end-to-end stand-in), so that what runs locally is what production serves. The policy is the
 * one index.html carries, plus what a meta tag cannot: `frame-ancestors 'none'`.
 * Plain JavaScript: Vite and the stand-in server load it with Node.
 */

/**
 * @param {string} html the built index.html
 * @returns {Record<string, string>}
 */
export function securityHeaders(html) {
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
  if (!meta) throw new Error('index.html carries no Content-Security-Policy meta tag');
  return {
    'Content-Security-Policy': `${meta}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * How the apps' builds are delivered: what the production proxy (`deploy/nginx.mjs`) and the
 * end-to-end stand-in of the CDN (`e2e/support/static-server.mjs`) both do, declared once so that
 * what is measured locally is what production serves (docs/operations.md, "Production topology").
 * Plain JavaScript: nginx's renderer and the stand-in load it with Node.
 */

/** Cache-Control by kind of file. */
export const CACHE_CONTROL = {
  /** `/assets/*`: their names carry their content's hash. */
  asset: 'public, max-age=31536000, immutable',
  /** `/config.js`: the environment's URLs, rewritten without a build. */
  config: 'no-store',
  /** index.html (every deep link) and the files at the root (favicon): revalidated each time. */
  page: 'no-cache',
};

/** The prefix of the hashed assets Vite writes. */
export const ASSETS_PREFIX = '/assets/';

/**
 * @param {string} pathname the request's path
 * @returns {string} its Cache-Control
 */
export function cacheControl(pathname) {
  if (pathname === '/config.js') return CACHE_CONTROL.config;
  if (pathname.startsWith(ASSETS_PREFIX)) return CACHE_CONTROL.asset;
  return CACHE_CONTROL.page;
}

/**
 * Gzip (nginx's module; Debian's nginx has no brotli): the text types, from this length up, at
 * this level. nginx compresses text/html whatever its `gzip_types` say (and warns when listed).
 */
export const GZIP = {
  types: [
    'text/css',
    'text/javascript',
    'application/javascript',
    'application/json',
    'application/ld+json',
    'image/svg+xml',
  ],
  minLength: 1024,
  level: 6,
};

/**
 * @param {string} contentType a response's Content-Type (parameters allowed)
 * @param {number} length its body's length in bytes
 * @returns {boolean} whether the proxy gzips it (for a client that accepts gzip)
 */
export function gzipped(contentType, length) {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return length >= GZIP.minLength && (type === 'text/html' || GZIP.types.includes(type));
}

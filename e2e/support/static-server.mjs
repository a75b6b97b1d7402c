// Serves a production build as the production proxy does (deploy/nginx.mjs): static files, SPA
// fallback to index.html, the environment's /config.js, the CDN's security headers, and the
// caching and gzip of `@portal/config/static-delivery` (Lighthouse's simulation counts the bytes
// transferred and the requests a warm cache still makes, so both must be production's).
// Usage: node static-server.mjs DIST_DIR PORT CONFIG_JSON
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { securityHeaders } from '@portal/config/security-headers';
import { ASSETS_PREFIX, cacheControl, GZIP, gzipped } from '@portal/config/static-delivery';

const [dist, port, config] = process.argv.slice(2);
const root = resolve(dist);
const headers = securityHeaders(readFileSync(join(root, 'index.html'), 'utf8'));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/** A file's body, plain and gzipped, read once (the builds do not change while served). */
const bodies = new Map();
function bodyOf(file) {
  let body = bodies.get(file);
  if (!body) {
    const { mtimeMs, size } = statSync(file);
    const plain = readFileSync(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    body = {
      type,
      plain,
      gzip: gzipped(type, size) ? gzipSync(plain, { level: GZIP.level }) : null,
      // nginx's validators: ETag "<mtime>-<size>" in hex, Last-Modified.
      etag: `"${Math.floor(mtimeMs / 1000).toString(16)}-${size.toString(16)}"`,
      lastModified: new Date(mtimeMs).toUTCString(),
    };
    bodies.set(file, body);
  }
  return body;
}

const acceptsGzip = (request) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  if (path === '/config.js') {
    response.writeHead(200, {
      ...headers,
      'Content-Type': types['.js'],
      'Cache-Control': cacheControl(path),
    });
    response.end(`window.__PORTAL_CONFIG__ = ${config};`);
    return;
  }
  let file = normalize(join(root, path));
  const found = file.startsWith(root) && existsSync(file) && !statSync(file).isDirectory();
  if (!found && path.startsWith(ASSETS_PREFIX)) {
    // nginx: `try_files $uri =404` for the hashed assets, no SPA fallback.
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found');
    return;
  }
  if (!found) file = join(root, 'index.html');
  const body = bodyOf(file);
  const gzip = body.gzip && acceptsGzip(request);
  // nginx's gzip filter weakens the ETag of what it compresses.
  const etag = gzip ? `W/${body.etag}` : body.etag;
  const common = {
    ...headers,
    'Cache-Control': cacheControl(found ? path : '/'),
    ETag: etag,
    'Last-Modified': body.lastModified,
    ...(body.gzip ? { Vary: 'Accept-Encoding' } : {}),
  };
  const match = (request.headers['if-none-match'] ?? '')
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === body.etag);
  if (match) {
    response.writeHead(304, common);
    response.end();
    return;
  }
  const sent = gzip ? body.gzip : body.plain;
  response.writeHead(200, {
    ...common,
    'Content-Type': body.type,
    'Content-Length': sent.length,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : sent);
}).listen(Number(port), '127.0.0.1');

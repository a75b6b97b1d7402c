// Serves a production build like a CDN would: static files, SPA fallback to index.html,
// the environment's /config.js, and the CDN's security headers.
// Usage: node static-server.mjs DIST_DIR PORT CONFIG_JSON
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { securityHeaders } from '@portal/config/security-headers';

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

createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  if (path === '/config.js') {
    response.writeHead(200, {
      ...headers,
      'Content-Type': types['.js'],
      'Cache-Control': 'no-store',
    });
    response.end(`window.__PORTAL_CONFIG__ = ${config};`);
    return;
  }
  let file = normalize(join(root, path));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
    file = join(root, 'index.html');
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': types[extname(file)] ?? 'application/octet-stream',
  });
  createReadStream(file).pipe(response);
}).listen(Number(port), '127.0.0.1');

// API Platform Admin "behind a same-origin proxy", as an integrator would put it: its build under
// /admin/, every other path passed to the backend with the client's Host kept, so that the
// backend names its documentation (the Link header, `@vocab`) on this origin.
// Usage: node admin-proxy.mjs DIST_DIR PORT BACKEND_URL
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const [dist, port, backend] = process.argv.slice(2);
const root = resolve(dist);
const target = new URL(backend);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  if (path === '/admin' || path.startsWith('/admin/')) {
    let file = normalize(join(root, path.slice('/admin'.length)));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(root, 'index.html');
    }
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
    return;
  }
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502).end();
  });
  request.pipe(upstream);
}).listen(Number(port), '127.0.0.1');

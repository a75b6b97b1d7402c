import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { securityHeaders } from './security-headers.js';

/**
 * Vite settings shared by both apps; each app only adds its port.
 * Plain JavaScript because Vite loads its config with Node, which runs no TypeScript.
 * @param {number} port
 * @returns {import('vite').UserConfig}
 */
export function appViteConfig(port) {
  return {
    plugins: [
      react(),
      tailwindcss(),
      securityHeadersInPreview(),
      reactUseSyncExternalStore(),
      portalIndexHtml(),
      lazyChunkList(LAZY_CHUNK_LISTS),
    ],
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: {
      manifest: true,
      sourcemap: true,
      target: 'es2022',
      // Everything the entry imports statically in one chunk: without it the bundler splits
      // shared modules (React, the button, its runtime) into small chunks whenever a lazy chunk
      // also uses them, and each split costs more gzip than the code it moves (docs/budgets.md).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
      },
    },
  };
}

/**
 * Lazy modules whose built files the pages may fetch ahead without running them (a fetch-only
 * prefetch: `<link rel="prefetch">`), by the name the page asks for.
 */
const LAZY_CHUNK_LISTS = { 'data-grid-engine': 'packages/ui/src/data-grid-engine.tsx' };

/**
 * Writes into the built index.html, for each lazy module named, the files its chunk and the
 * chunks it imports statically are built into: `<meta name="portal:chunks:NAME" content="/assets/a.js
 * /assets/b.js">`. A page's code cannot know the hashed names, and a dynamic `import()` would
 * run the module: AG Grid's set-up is seconds of a phone's main thread (issue 43).
 * @param {Record<string, string>} lists
 * @returns {import('vite').Plugin}
 */
function lazyChunkList(lists) {
  let base = '/';
  return {
    name: 'portal:lazy-chunk-list',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        return Object.entries(lists).map(([name, source]) => {
          const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${source}`));
          if (!entry) throw new Error(`portal:lazy-chunk-list: no chunk built from ${source}`);
          const files = new Set();
          const visit = (fileName) => {
            if (files.has(fileName)) return;
            files.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          };
          visit(entry.fileName);
          return {
            tag: 'meta',
            attrs: {
              name: `portal:chunks:${name}`,
              content: [...files].map((file) => `${base}${file}`).join(' '),
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

/**
 * `vite preview` (what `npm start` serves) sends the headers a production CDN sends, read from
 * the built index.html.
 * @returns {import('vite').Plugin}
 */
function securityHeadersInPreview() {
  return {
    name: 'portal:security-headers-in-preview',
    configurePreviewServer(server) {
      const { root, build } = server.config;
      const headers = securityHeaders(readFileSync(join(root, build.outDir, 'index.html'), 'utf8'));
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * wouter imports the `use-sync-external-store` shim, written for React 16 and 17; React 19 has
 * the hook itself, so the shim resolves to it (~0.3 KB less on the sign-in route).
 * @returns {import('vite').Plugin}
 */
function reactUseSyncExternalStore() {
  const id = '\0react-use-sync-external-store';
  return {
    name: 'portal:react-use-sync-external-store',
    enforce: 'pre',
    resolveId: (source) =>
      /^use-sync-external-store\/shim(\/index\.js)?$/.test(source) ? id : undefined,
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react';" : undefined),
  };
}

/**
 * The page's policy: no inline script, no plugin, no <base>; the API hosts are reached over https
 * (localhost over http in development). frame-ancestors cannot be set in a meta tag: the CDN
 * sends it (docs/decisions/02-front-end.md, ./security-headers.js).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http://localhost:* http://127.0.0.1:*",
  "font-src 'self' data:",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "form-action 'self' https: http://localhost:* http://127.0.0.1:*",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * What both apps' index.html share, declared here; each index.html keeps its title
 * ("Name — Réseau Patrimoine") and its scripts. Adds the head's common tags and paints the
 * header's brand into `#root` before the scripts run (the first contentful paint of a cold load),
 * with the classes of the signed-in header (@portal/ui/header, shell/app-shell.tsx) so that
 * nothing moves when React's first render replaces it. The dev server gets no
 * Content-Security-Policy: React Refresh needs an inline script and its websocket.
 * @returns {import('vite').Plugin}
 */
function portalIndexHtml() {
  let serving = false;
  return {
    name: 'portal:index-html',
    configResolved: (config) => {
      serving = config.command === 'serve';
    },
    transformIndexHtml(html) {
      const name = /<title>([^<]+?) — /.exec(html)?.[1];
      if (!name || !html.includes('<div id="root"></div>')) {
        throw new Error('index.html needs <title>Name — …</title> and an empty <div id="root">');
      }
      const brand = `<div aria-hidden="true" class="min-h-screen bg-canvas">
      <div class="flex flex-nowrap items-center gap-x-3 border-b border-slate-200 bg-surface px-4 py-3 md:gap-x-4 md:px-6">
        <div class="min-w-0 text-base font-semibold break-words text-brand-700 sm:truncate sm:text-lg">
          <span class="flex min-w-0 items-center gap-2">
            <span class="brand-mark size-7 shrink-0"></span>
            <span class="min-w-0 leading-tight sm:truncate">${name}</span>
          </span>
        </div>
      </div>
    </div>`;
      const head = [
        '<meta charset="UTF-8" />',
        '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
        ...(serving
          ? []
          : [`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`]),
        `<meta name="description" content="${name} — portail du réseau" />`,
        '<link rel="icon" href="/favicon.ico" sizes="32x32" />',
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      ];
      return html
        .replace('<head>', `<head>\n    ${head.join('\n    ')}`)
        .replace('<div id="root"></div>', `<div id="root">${brand}</div>`);
    },
  };
}

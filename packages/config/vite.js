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
      withoutCspInDev(),
      securityHeadersInPreview(),
      reactUseSyncExternalStore(),
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
 * The dev server injects an inline React Refresh preamble and talks to its HMR websocket, which
 * the production Content-Security-Policy of index.html forbids: the tag is dropped while serving
 * in development only (builds and `vite preview` keep it).
 * @returns {import('vite').Plugin}
 */
function withoutCspInDev() {
  return {
    name: 'portal:without-csp-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
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

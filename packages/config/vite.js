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

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';

/**
 * Vite settings shared by both apps; each app only adds its port.
 * Plain JavaScript because Vite loads its config with Node, which runs no TypeScript.
 * @param {number} port
 * @returns {import('vite').UserConfig}
 */
export function appViteConfig(port) {
  return {
    plugins: [react(), tailwindcss(), withoutCspInDev()],
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: { manifest: true, sourcemap: true, target: 'es2022' },
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

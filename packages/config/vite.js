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
    plugins: [react(), tailwindcss()],
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: { manifest: true, sourcemap: true, target: 'es2022' },
  };
}

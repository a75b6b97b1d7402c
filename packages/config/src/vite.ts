import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/** Vite settings shared by both apps; each app only adds its port. */
export function appViteConfig(port: number): UserConfig {
  return {
    plugins: [react(), tailwindcss()],
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: { manifest: true, sourcemap: true, target: 'es2022' },
  };
}

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A small build in the test tree: API Platform Admin under /admin/, beside the backend's routes
// on the proxy's origin (support/admin-proxy.mjs).
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    // Under the package's dist/, which turbo caches and restores with the build.
    outDir: '../dist/api-platform-admin',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
  },
});

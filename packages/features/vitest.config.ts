import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share their worker's modules (React, MSW, the kit): loading them once per worker
    // rather than once per file took the suite from 182 s to 50 s on this machine.
    isolate: false,
    // A screen's first lazy chunk can pass 5 s on a loaded 2-core machine.
    testTimeout: 15_000,
  },
});

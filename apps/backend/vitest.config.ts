import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One seeded database per run, copied by every file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Files share their worker's modules: each file still opens its own database, and loading
    // the backend once per worker instead of once per file saves about 150 s a run.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

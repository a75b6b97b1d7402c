import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share their worker's modules: 85 s → 36 s on this machine.
    isolate: false,
    // A story's play runs axe and may load a lazy chunk (the grid, the calendar): on a loaded
    // 2-core machine that can pass 5 s.
    testTimeout: 20_000,
    // Let `theme.css?raw` through: vitest empties CSS imports by default.
    css: { include: [/theme\.css/] },
  },
});

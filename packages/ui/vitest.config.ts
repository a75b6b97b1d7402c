import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Let `theme.css?raw` through: vitest empties CSS imports by default.
    css: { include: [/theme\.css/] },
  },
});

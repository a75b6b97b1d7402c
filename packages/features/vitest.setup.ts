import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load heavy pieces on demand (grids, React Flow): on a loaded 2-core CI machine the
// first import of such a chunk can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

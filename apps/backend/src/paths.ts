import { fileURLToPath } from 'node:url';

/**
 * The URL of the backend's folder (apps/backend/). This module sits one level below it both as
 * source (src/paths.ts, run by tsx) and bundled (dist/main.js and its chunks: esbuild gives every
 * bundled module the bundle's own import.meta.url), so `../` is the same folder either way. Paths
 * read at run time (migrations, data) are derived from here, never from a deeper module's URL.
 */
export const backendUrl = new URL('../', import.meta.url);

export const backendDir = fileURLToPath(backendUrl);

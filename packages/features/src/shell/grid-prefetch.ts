import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';

/** What the Network Information API tells of the connection (Chromium only). */
interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** What of the navigator the check reads (Chromium's Network Information API). */
type ConnectionHost = { connection?: ConnectionInfo };

/** No prefetch when the user asked to save data or the connection is 2G. */
export function fastEnough(
  nav: ConnectionHost | undefined = globalThis.navigator as ConnectionHost | undefined,
): boolean {
  const connection = nav?.connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !['slow-2g', '2g'].includes(connection.effectiveType ?? '');
}

export type IdleHost = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
};

/** The idle wait, at most this long; without `requestIdleCallback` (Safari), a plain delay. */
const IDLE_TIMEOUT_MS = 5_000;
const FALLBACK_DELAY_MS = 2_000;

/** Runs `task` when the main thread is idle; answers how to cancel it. */
export function whenIdle(task: () => void, host: IdleHost = globalThis as IdleHost): () => void {
  if (typeof host.requestIdleCallback === 'function') {
    const handle = host.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => host.cancelIdleCallback?.(handle);
  }
  const handle = host.setTimeout(task, FALLBACK_DELAY_MS);
  return () => host.clearTimeout(handle as never);
}

/** The built files of AG Grid's drawing of the grid, as the build lists them in index.html. */
const GRID_CHUNKS = 'meta[name="portal:chunks:data-grid-engine"]';

/**
 * Fetches AG Grid's chunks into the HTTP cache without running them (`<link rel="prefetch">`,
 * no main-thread work): the grid's first page is drawn without AG Grid, which is loaded at the
 * first interaction with a grid, from the cache by then. The build names the files
 * (`lazyChunkList` in @portal/config/vite); in development there is no list and nothing to do.
 */
export async function prefetchGridChunks(doc: Document = document): Promise<void> {
  await picturesLoaded(doc);
  const files = doc.querySelector<HTMLMetaElement>(GRID_CHUNKS)?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    if (doc.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // Module scripts are fetched in CORS mode: the cached copy must be of the same mode.
    link.crossOrigin = '';
    doc.head.append(link);
  }
}

/** The longest the prefetch waits for the page's pictures. */
const PICTURES_WAIT_MS = 10_000;

/**
 * Once the pictures the page is loading have come (or failed), at most 10 s: a page's largest
 * paint is often a picture (the agent home's news), and the grid's 220 KB would share the
 * connection with it. Pictures left to load lazily are not waited for.
 */
function picturesLoaded(doc: Document): Promise<void> {
  const pending = Array.from(doc.querySelectorAll('img')).filter(
    (image) => !image.complete && image.loading !== 'lazy',
  );
  if (!pending.length) return Promise.resolve();
  return new Promise((resolve) => {
    let left = pending.length;
    const done = () => {
      left -= 1;
      if (left === 0) resolve();
    };
    for (const image of pending) {
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    }
    setTimeout(resolve, PICTURES_WAIT_MS);
  });
}

let prefetched = false;

/** For tests: forget that the grid was prefetched. */
export function resetGridPrefetch() {
  prefetched = false;
}

/**
 * After sign-in, once the first page has rendered and the browser is idle, fetches AG Grid's
 * chunks (without running them), once per tab, on a fast enough connection. A failure is
 * silent: the first interaction with a grid loads them again.
 */
export function useGridPrefetch(
  signedIn: boolean,
  load: () => Promise<unknown> = prefetchGridChunks,
) {
  useEffect(() => {
    if (!signedIn || prefetched || !fastEnough()) return;
    return whenIdle(() => {
      if (prefetched) return;
      prefetched = true;
      load().catch(() => {
        prefetched = false;
      });
    });
  }, [signedIn, load]);
}

/**
 * Rendered beside the page inside its Suspense boundary: its effect runs once the page is in,
 * and waits for the page's own queries (an idle main thread while they are in flight would
 * otherwise start AG Grid's 220 KB beside them, and before the pictures they bring).
 */
export function GridPrefetch({ signedIn }: { signedIn: boolean }) {
  const settled = useIsFetching() === 0;
  useGridPrefetch(signedIn && settled);
  return null;
}

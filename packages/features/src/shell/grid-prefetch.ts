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

/**
 * The grid module (AG Grid and the kit's server-side grid): its chunks are shared by every grid
 * route, so loading it once makes the first grid route wait on no download. A dynamic import:
 * it stays out of the sign-in route's chunks (`scripts/budget.mjs`).
 */
export const loadGridModule = () => import('@portal/ui/data-grid');

let prefetched = false;

/** For tests: forget that the grid was prefetched. */
export function resetGridPrefetch() {
  prefetched = false;
}

/**
 * After sign-in, once the first page has rendered and the browser is idle, fetches the grid's
 * chunks, once per tab, on a fast enough connection. A failure is silent: the grid route
 * loads it again.
 */
export function useGridPrefetch(signedIn: boolean, load: () => Promise<unknown> = loadGridModule) {
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
 * otherwise start the grid's 220 KB beside them, and before the pictures they bring).
 */
export function GridPrefetch({ signedIn }: { signedIn: boolean }) {
  const settled = useIsFetching() === 0;
  useGridPrefetch(signedIn && settled);
  return null;
}

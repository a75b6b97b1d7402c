import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fastEnough,
  prefetchGridChunks,
  type IdleHost,
  resetGridPrefetch,
  useGridPrefetch,
  whenIdle,
} from './grid-prefetch';

function Probe({ signedIn, load }: { signedIn: boolean; load: () => Promise<unknown> }) {
  useGridPrefetch(signedIn, load);
  return null;
}

/** A browser whose idle callbacks run when the test says so. */
function idleBrowser() {
  const pending: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => pending.push(callback));
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  return () => pending.splice(0).forEach((callback) => callback());
}

describe('grid prefetch', () => {
  beforeEach(() => resetGridPrefetch());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads the grid once the signed-in page is idle, not before, and only once', async () => {
    const runIdle = idleBrowser();
    const load = vi.fn(() => Promise.resolve());
    const { rerender } = render(<Probe signedIn load={load} />);
    expect(load).not.toHaveBeenCalled();
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<Probe signedIn={false} load={load} />);
    rerender(<Probe signedIn load={load} />);
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing on the sign-in screen (no session)', () => {
    const runIdle = idleBrowser();
    const load = vi.fn(() => Promise.resolve());
    render(<Probe signedIn={false} load={load} />);
    runIdle();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads nothing when the user saves data or on 2G', () => {
    const runIdle = idleBrowser();
    const load = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    render(<Probe signedIn load={load} />);
    runIdle();
    expect(load).not.toHaveBeenCalled();
    expect(fastEnough({ connection: { effectiveType: '2g' } })).toBe(false);
    expect(fastEnough({ connection: { effectiveType: '4g' } })).toBe(true);
    expect(fastEnough({})).toBe(true);
  });

  it('falls back to a delay without requestIdleCallback, and can be cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const host: IdleHost = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle),
    };
    whenIdle(task, host);
    vi.advanceTimersByTime(1_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancel = whenIdle(task, host);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('tries again on a later page when the download failed', async () => {
    const runIdle = idleBrowser();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const { unmount } = render(<Probe signedIn load={load} />);
    runIdle();
    await Promise.resolve();
    await Promise.resolve();
    unmount();
    render(<Probe signedIn load={load} />);
    runIdle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('prefetchGridChunks', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('fetches the files the build lists, without running them, once each', async () => {
    document.head.innerHTML =
      '<meta name="portal:chunks:data-grid-engine" content="/assets/engine-a.js /assets/checkbox-b.js">';
    await prefetchGridChunks();
    await prefetchGridChunks();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['prefetch', '/assets/engine-a.js'],
      ['prefetch', '/assets/checkbox-b.js'],
    ]);
    expect(document.querySelector('script')).toBeNull();
  });

  it('waits for the pictures the page is loading', async () => {
    document.head.innerHTML =
      '<meta name="portal:chunks:data-grid-engine" content="/assets/engine-a.js">';
    const picture = document.createElement('img');
    Object.defineProperty(picture, 'complete', { value: false });
    document.body.append(picture);
    const prefetched = prefetchGridChunks();
    await Promise.resolve();
    expect(document.head.querySelector('link')).toBeNull();
    picture.dispatchEvent(new Event('load'));
    await prefetched;
    expect(document.head.querySelector('link')?.getAttribute('href')).toBe('/assets/engine-a.js');
    picture.remove();
  });

  it('does nothing without the list (the dev server)', async () => {
    await prefetchGridChunks();
    expect(document.head.querySelector('link')).toBeNull();
  });
});

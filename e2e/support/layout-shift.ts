import type { Page, Route } from '@playwright/test';

/**
 * Layout shift of a page load whose data and lazy chunks arrive when the test says so, not
 * when the network happens to answer: the page's skeleton is painted, then each hold is
 * released in turn. A buffered `layout-shift` observer, installed before any script of the
 * page, adds up the shifts that no input caused (the CLS figure Lighthouse reports).
 */
export type Hold = { release: () => void; reached: Promise<void> };

/** Holds every request matching `url` until `release()`; `reached` once one has been held. */
export async function holdRequests(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
): Promise<Hold> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  await page.route(url, async (route: Route) => {
    reach();
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, reached };
}

export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 80)
              : String(node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far: their sum and what moved (for the failure message). */
export async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  // Two frames: a shift is reported after the frame that paints it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  return {
    total: shifts.reduce((sum, { value }) => sum + value, 0),
    moved: shifts.flatMap(({ value, sources }) => sources.map((s) => `${value.toFixed(3)} ${s}`)),
  };
}

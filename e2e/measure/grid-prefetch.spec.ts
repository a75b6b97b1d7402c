// Time to rows on the first grid route after sign-in, with and without the grid prefetch
// (issue 23 part 7, docs/budgets.md): Fast 3G through the DevTools protocol, cache disabled.
// 'after' is the build as it is; 'before' is the same build with the prefetch skipped, as
// `grid-prefetch.ts` does when `navigator.connection.saveData` is set.
// Variables: MEASURE_RUNS (5), MEASURE_MODES ('before,after'), MEASURE_APPS_DIR (the builds
// served, `../apps`), MEASURE_*_PORT (ports.ts). Results: the console and the JSON attached to
// each test in `e2e/test-results/measure`.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEMO, DEMO_PASSWORD } from '../support/ports';
import { MEASURE, MEASURE_APPS_DIR } from './ports';

const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const MODES = (process.env.MEASURE_MODES ?? 'before,after').split(',') as Mode[];
/** On the home page after `networkidle`: the idle callback waits at most 5 s. */
const IDLE_WAIT_MS = 6_000;
/** Chrome DevTools' 'Fast 3G' preset: bytes per second, latency in ms. */
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The chunks of `@portal/ui/data-grid` and AG Grid, whatever the bundler names them. */
const GRID_CHUNK = /\/assets\/(?:paged-grid|data-grid|ag-grid)[^/]*\.js$/;
const FIRST_ROW = '[role="row"][row-index="0"]';

type Mode = 'before' | 'after';

interface App {
  name: 'agent' | 'staff';
  url: string;
  email: string;
  /** The menu link of the first grid route, and that page's heading. */
  link: string;
  heading: string;
}

const APPS: App[] = [
  {
    name: 'agent',
    url: MEASURE.agentApp,
    email: DEMO.agent,
    link: 'Mes clients',
    heading: 'Mes clients',
  },
  {
    name: 'staff',
    url: MEASURE.staffApp,
    email: DEMO.admin,
    link: 'Clients',
    heading: 'Clients du réseau',
  },
];

interface Run {
  mode: Mode;
  /** From the click on the menu link to the first row visible. */
  timeToRowsMs: number;
  connection: { saveData?: boolean; effectiveType?: string };
  gridRequestedBeforeClick: string[];
  gridLoadedBeforeClick: boolean;
  gridRequestedAfterClick: string[];
  /** Grid chunks the page asked for with `<link rel="modulepreload">` before the click. */
  gridModulePreloads: string[];
  /** The grid chunks' resource timing before the click (ms since the document's start). */
  gridResources: { file: string; initiatorType: string; startTime: number; responseEnd: number }[];
  scriptsAfterClick: string[];
}

const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

/** What the grid chunks of an app's build weigh, raw and gzip -9 (the budget script's way). */
function gridChunks(app: App['name']) {
  const e2e = fileURLToPath(new URL('..', import.meta.url));
  const assets = `${resolve(e2e, MEASURE_APPS_DIR, app, 'dist', 'assets')}/`;
  return readdirSync(assets)
    .filter((file) => GRID_CHUNK.test(`/assets/${file}`))
    .map((file) => {
      const code = readFileSync(`${assets}${file}`);
      return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
    });
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? NaN;
  const median = sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median, min: at(0), max: at(sorted.length - 1), runs: sorted };
}

/** The news popup over the agent's first page (Claire has unread news): Escape postpones it. */
async function closeNewsPopup(page: Page) {
  const postpone = page.getByRole('button', { name: 'Reporter tout' });
  if (await postpone.isVisible()) {
    await page.keyboard.press('Escape');
    await postpone.waitFor({ state: 'detached' });
  }
}

async function measureOnce(browser: Browser, app: App, mode: Mode): Promise<Run> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  if (mode === 'before') {
    await context.addInitScript(() => {
      const connection = (navigator as Navigator & { connection?: object }).connection;
      if (connection) Object.defineProperty(connection, 'saveData', { get: () => true });
    });
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);

  const requested: { url: string; at: number }[] = [];
  const finished = new Map<string, number>();
  page.on('request', (request) => requested.push({ url: request.url(), at: Date.now() }));
  page.on('requestfinished', (request) => finished.set(request.url(), Date.now()));

  await page.goto(`${app.url}/login`);
  await page.getByLabel('Adresse e-mail').fill(app.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await closeNewsPopup(page);
  await page.waitForTimeout(IDLE_WAIT_MS);
  await closeNewsPopup(page);
  await expect(page.locator(FIRST_ROW)).toHaveCount(0);

  const { connection, gridModulePreloads, gridResources } = await page.evaluate((pattern) => {
    const grid = new RegExp(pattern);
    const info = (navigator as Navigator & { connection?: Run['connection'] }).connection;
    const file = (url: string) => new URL(url).pathname.split('/').pop() ?? url;
    return {
      connection: { saveData: info?.saveData, effectiveType: info?.effectiveType },
      gridModulePreloads: [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      ]
        .map((link) => link.href)
        .filter((href) => grid.test(href))
        .map(file),
      gridResources: performance
        .getEntriesByType('resource')
        .filter((entry) => grid.test(entry.name))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return {
            file: file(timing.name),
            initiatorType: timing.initiatorType,
            startTime: Math.round(timing.startTime),
            responseEnd: Math.round(timing.responseEnd),
          };
        }),
    };
  }, GRID_CHUNK.source);
  // Timed in the page: the click event, then the first frame with the first row shown.
  await page.evaluate((selector) => {
    const probe = window as unknown as { clickAt?: number; rowsAt?: number };
    const check = () => {
      const row = document.querySelector(selector);
      if (row && row.checkVisibility() && row.getBoundingClientRect().height > 0) {
        probe.rowsAt = performance.now();
      } else {
        requestAnimationFrame(check);
      }
    };
    document.addEventListener(
      'click',
      () => {
        probe.clickAt = performance.now();
        requestAnimationFrame(check);
      },
      { capture: true, once: true },
    );
  }, FIRST_ROW);

  const clickedAt = Date.now();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: app.link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: app.heading, level: 1 })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.locator(FIRST_ROW).first()).toBeVisible({ timeout: 120_000 });
  const timing = await page.waitForFunction(() => {
    const probe = window as unknown as { clickAt?: number; rowsAt?: number };
    return probe.clickAt !== undefined && probe.rowsAt !== undefined
      ? probe.rowsAt - probe.clickAt
      : false;
  });
  const timeToRowsMs = Math.round(Number(await timing.jsonValue()));

  const grid = requested.filter((request) => GRID_CHUNK.test(request.url));
  const gridBefore = grid.filter((request) => request.at < clickedAt);
  const run: Run = {
    mode,
    timeToRowsMs,
    connection,
    gridRequestedBeforeClick: gridBefore.map((request) => fileName(request.url)),
    gridLoadedBeforeClick:
      gridBefore.length > 0 &&
      gridBefore.every((request) => (finished.get(request.url) ?? Infinity) < clickedAt),
    gridRequestedAfterClick: grid
      .filter((request) => request.at >= clickedAt)
      .map((request) => fileName(request.url)),
    gridModulePreloads,
    gridResources,
    scriptsAfterClick: requested
      .filter((request) => request.at >= clickedAt && request.url.endsWith('.js'))
      .map((request) => fileName(request.url)),
  };
  await context.close();
  return run;
}

for (const app of APPS) {
  test(`${app.name}: time to rows on '${app.link}' with and without the grid prefetch`, async ({
    browser,
  }, testInfo) => {
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      // Alternated, so that a change of load on the machine weighs on both kinds alike.
      const order = index % 2 ? [...MODES].reverse() : MODES;
      for (const mode of order) {
        const run = await measureOnce(browser, app, mode);
        console.log(`${app.name} ${index + 1} ${JSON.stringify(run)}`);
        runs.push(run);
      }
    }
    const ofMode = (mode: Mode) => runs.filter((run) => run.mode === mode);
    const summary = {
      app: app.name,
      appsDir: MEASURE_APPS_DIR,
      fast3g: FAST_3G,
      ...Object.fromEntries(
        MODES.map((mode) => {
          const ofThisMode = ofMode(mode);
          const count = (has: (run: Run) => boolean) => ofThisMode.filter(has).length;
          return [
            mode,
            {
              ...stats(ofThisMode.map((run) => run.timeToRowsMs)),
              gridRequestedBeforeClick: count((run) => run.gridRequestedBeforeClick.length > 0),
              gridLoadedBeforeClick: count((run) => run.gridLoadedBeforeClick),
              gridModulePreloaded: count((run) => run.gridModulePreloads.length > 0),
            },
          ];
        }),
      ),
      gridChunks: gridChunks(app.name),
    };
    console.log(`${app.name} summary ${JSON.stringify(summary)}`);
    const results = testInfo.outputPath(`${app.name}-grid-prefetch.json`);
    writeFileSync(results, JSON.stringify({ summary, runs }, null, 2));
    await testInfo.attach(`${app.name}-grid-prefetch.json`, {
      path: results,
      contentType: 'application/json',
    });

    // The switch is in force: `saveData` reads true without the prefetch, false with it.
    for (const run of runs) {
      expect(run.connection.saveData ?? false, `saveData in '${run.mode}'`).toBe(
        run.mode === 'before',
      );
    }
    // Whether the grid's chunks came before the click is reported, not asserted: the chunk
    // that imports the grid lists them for `modulepreload` too (docs/budgets.md).
    for (const mode of MODES) {
      const early = ofMode(mode).filter((run) => run.gridRequestedBeforeClick.length > 0);
      if (early.length) {
        testInfo.annotations.push({
          type: 'grid chunks before the click',
          description: `'${mode}': ${early.length}/${ofMode(mode).length} runs (modulepreload in ${early.filter((run) => run.gridModulePreloads.length > 0).length})`,
        });
      }
    }
  });
}

// Lighthouse mobile on signed-in pages (issue 43 goal 3): Lighthouse's default config (a phone,
// simulated slow 4G, 4x CPU slowdown), performance only, cold and warm HTTP cache.
// Chromium is launched with a remote debugging port that Lighthouse attaches to; the sign-in is
// done once per app in that browser's default profile and kept (`disableStorageReset`), so each
// run loads the page signed in. Cold: the HTTP cache is cleared (Network.clearBrowserCache)
// before the run; warm: the run right after a cold one, the page having been visited once.
// Variables: MEASURE_RUNS (3 of each), MEASURE_PAGES ('agent:/my-customers,agent:/,staff:/accueil'),
// MEASURE_CACHES ('cold,warm'), MEASURE_APPS_DIR (the builds served, `../apps`),
// MEASURE_LIGHTHOUSE_PORT (the debugging port, 9322), MEASURE_*_PORT (ports.ts), MEASURE_TRACES=1
// (also writes each run's trace, to open in the DevTools Performance panel).
// Results: the console, `e2e/test-results/measure/lighthouse.json` (medians and every run) and
// the report of each page's median run (`lighthouse-<app>-<page>-<cache>.json`, for the traces'
// details: long tasks, layout shifts, main-thread work).
import { chromium, test, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn as signInAs } from '../support/fixtures';
import { DEMO } from '../support/ports';
import { chromiumLaunchOptions } from '../support/web-servers';
import { MEASURE, MEASURE_APPS_DIR } from './ports';

const RUNS = Number(process.env.MEASURE_RUNS ?? 3);
const CACHES = (process.env.MEASURE_CACHES ?? 'cold,warm').split(',') as Cache[];
const PAGES = (process.env.MEASURE_PAGES ?? 'agent:/my-customers,agent:/,staff:/accueil')
  .split(',')
  .map((entry) => {
    const [app, path] = entry.split(':') as [AppName, string];
    return { app, path };
  });
const DEBUG_PORT = Number(process.env.MEASURE_LIGHTHOUSE_PORT ?? 9322);
/** Also writes each run's trace (tens of MB each), to see inside a long task. */
const SAVE_TRACES = process.env.MEASURE_TRACES === '1';

type Cache = 'cold' | 'warm';
type AppName = 'agent' | 'staff';

const APPS: Record<AppName, { url: string; email: string }> = {
  agent: { url: MEASURE.agentApp, email: DEMO.agent },
  staff: { url: MEASURE.staffApp, email: DEMO.admin },
};

/** The audits reported, by their Lighthouse ids. */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

interface Run {
  app: AppName;
  path: string;
  cache: Cache;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** The page Lighthouse ended on: a run sent back to /login measured the wrong page. */
  finalUrl: string;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Signs in as the e2e tests do (the agent's news popup postponed: the stored session says so). */
async function signIn(context: BrowserContext, app: AppName) {
  const page = await context.newPage();
  await signInAs(page, APPS[app].url, APPS[app].email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.close();
}

// eslint-disable-next-line no-empty-pattern -- Playwright wants its fixtures destructured; none used
test('Lighthouse mobile on signed-in pages, cold and warm cache', async ({}, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  // The default profile (not an incognito context): the tab Lighthouse opens shares its storage.
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${DEBUG_PORT}`],
    locale: 'fr-FR',
  });
  const outputDir = testInfo.project.outputDir;
  mkdirSync(outputDir, { recursive: true });
  try {
    for (const app of new Set(PAGES.map((page) => page.app))) await signIn(context, app);
    const cdpPage = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(cdpPage);

    const runs: Run[] = [];
    const reports = new Map<string, Report[]>();
    for (let index = 0; index < RUNS; index += 1) {
      for (const { app, path } of PAGES) {
        for (const cache of CACHES) {
          if (cache === 'cold') await cdp.send('Network.clearBrowserCache');
          // Warm without a cold run just before: one visit first.
          else if (!CACHES.includes('cold')) await cdpPage.goto(`${APPS[app].url}${path}`);
          const result = await lighthouse(`${APPS[app].url}${path}`, {
            port: DEBUG_PORT,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
            // With the traces, the JavaScript samples too: what runs inside a long task.
            ...(SAVE_TRACES && {
              additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
            }),
          });
          if (!result) throw new Error(`No Lighthouse result for ${app} ${path}`);
          const { lhr } = result;
          const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const run: Run = {
            app,
            path,
            cache,
            score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
            fcp: Math.round(value(METRICS.fcp)),
            lcp: Math.round(value(METRICS.lcp)),
            tbt: Math.round(value(METRICS.tbt)),
            cls: Number(value(METRICS.cls).toFixed(3)),
            si: Math.round(value(METRICS.si)),
            finalUrl: lhr.finalDisplayedUrl,
          };
          if (new URL(run.finalUrl).pathname.startsWith('/login')) {
            throw new Error(`${app} ${path}: sent to the sign-in page, the session was lost`);
          }
          console.log(`${index + 1} ${JSON.stringify(run)}`);
          runs.push(run);
          const key = `${app}-${path}-${cache}`;
          if (SAVE_TRACES) {
            const trace = `lighthouse-${app}-${path.replace(/\W+/g, '_')}-${cache}-${index + 1}.trace.json`;
            writeFileSync(join(outputDir, trace), JSON.stringify(result.artifacts.Trace));
          }
          reports.set(key, [...(reports.get(key) ?? []), lhr]);
        }
      }
    }

    const summary = PAGES.flatMap(({ app, path }) =>
      CACHES.map((cache) => {
        const ofPage = runs.filter(
          (run) => run.app === app && run.path === path && run.cache === cache,
        );
        const of = (key: keyof typeof METRICS | 'score') => median(ofPage.map((run) => run[key]));
        // The report kept is the run whose score is the median's (the nearest one).
        const score = of('score');
        const lhrs = reports.get(`${app}-${path}-${cache}`) ?? [];
        const kept = ofPage.reduce(
          (best, run, at) =>
            Math.abs(run.score - score) < Math.abs((ofPage[best]?.score ?? NaN) - score)
              ? at
              : best,
          0,
        );
        const name = `lighthouse-${app}-${path.replace(/\W+/g, '_')}-${cache}.json`;
        writeFileSync(join(outputDir, name), JSON.stringify(lhrs[kept], null, 1));
        return {
          app,
          path,
          cache,
          runs: ofPage.length,
          score,
          fcp: of('fcp'),
          lcp: of('lcp'),
          tbt: of('tbt'),
          cls: of('cls'),
          si: of('si'),
          report: name,
        };
      }),
    );
    for (const line of summary) {
      console.log(
        `${line.app} ${line.path} ${line.cache}: score ${line.score}, FCP ${line.fcp} ms, LCP ${line.lcp} ms, TBT ${line.tbt} ms, CLS ${line.cls}, SI ${line.si} ms (median of ${line.runs})`,
      );
    }
    const file = join(outputDir, 'lighthouse.json');
    writeFileSync(
      file,
      JSON.stringify(
        { appsDir: MEASURE_APPS_DIR, lighthouse: '12.2.3', runsEach: RUNS, summary, runs },
        null,
        2,
      ),
    );
    console.log(`Summary: ${file}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

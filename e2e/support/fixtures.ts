import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEMO_PASSWORD, E2E } from './ports';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** What a check leaves on the window it saw (see `accessibleAtEnd`). */
interface CheckedWindow {
  __axeUnchanged?: boolean;
  __axeObserver?: object;
  __axeSeenAs?: string;
}

/**
 * What changes the rendering without touching the document: the viewport and the user's
 * colour and contrast preferences. Runs in the page (no closure).
 */
const renderingConditions = () =>
  JSON.stringify([
    innerWidth,
    innerHeight,
    matchMedia('(prefers-color-scheme: dark)').matches,
    matchMedia('(prefers-contrast: more)').matches,
    matchMedia('(forced-colors: active)').matches,
  ]);

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the apps' CSP (no inline script) stays in force.
  if (!hasAxe) await page.evaluate(axeSource);
  const seenAs = await page.evaluate(renderingConditions);
  const violations = await page.evaluate(async (seenAs) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
          /** axe's loaded rules; not a public API, hence optional. */
          _audit?: { rules: { id: string; impact?: string }[] };
        };
      }
    ).axe;
    // Rules that can only report minor or moderate problems cannot fail the check below: they
    // are left out, which saves about a fifth of the run on the heaviest pages.
    const rules = Object.fromEntries(
      (axe._audit?.rules ?? [])
        .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
        .map((rule) => [rule.id, { enabled: false }]),
    );
    // Marks this document as checked as it is now; any change to it from here on, during the
    // run included (nodes, attributes, text), marks it changed (see `accessibleAtEnd`).
    const checked = window as unknown as CheckedWindow;
    if (!checked.__axeObserver) {
      const observer = new MutationObserver(() => {
        checked.__axeUnchanged = false;
      });
      observer.observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      checked.__axeObserver = observer;
    }
    checked.__axeUnchanged = true;
    checked.__axeSeenAs = seenAs;
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  }, seenAs);
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} @ ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    `accessibility of ${page.url()}`,
  ).toEqual([]);
}

/**
 * The texts of one column of a data grid, in the order the rows are shown. AG Grid keeps a
 * row's element when a sort or a reload moves it, so the document order can differ. A grid's
 * first page is drawn without AG Grid, which the first interaction loads and draws unseen
 * (`[inert]`) before showing it in its place: the texts are read from the drawing shown, once
 * no drawing is in progress.
 */
export async function gridColumn(grid: Locator, colId: string): Promise<string[]> {
  await expect(grid.locator('[data-grid-engine="drawing"]')).toHaveCount(0);
  return grid.locator(`[col-id="${colId}"][role="gridcell"]`).evaluateAll((cells) =>
    cells
      .filter((cell) => !cell.closest('[inert]'))
      .map((cell) => ({
        row: Number(cell.closest('[row-index]')?.getAttribute('row-index')),
        text: cell.textContent ?? '',
      }))
      .sort((a, b) => a.row - b.row)
      .map((cell) => cell.text),
  );
}

/**
 * Waits for AG Grid to be shown in a grid (`.ag-*` classes, its pinned and scrolling parts): the
 * first page is drawn without it, and the first interaction with the grid (a pointer, a key, a
 * focus) loads it.
 */
export async function agGridShown(grid: Locator): Promise<void> {
  await expect(grid.locator('[data-grid-engine="shown"] .ag-root').first()).toBeAttached();
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${E2E.mainApi}/dev/outbox.json`, { params: { to: email } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/**
 * Signs in and lands on the app's root. `through: 'form'` fills the sign-in page, as flows about
 * the sign-in itself (its page, second factor, new password, news popup) must. Otherwise the page
 * asks the real backend for a session itself (`POST /token` from the app's origin, the browser's
 * own request: same headers, same connection tracking) and stores it where the app keeps it, then
 * opens the app: one page load and no form per flow, each flow still with a session of its own.
 * `at` is the page it opens (the app's root by default), so that a flow about another page does
 * not load the home page first.
 */
export async function signIn(
  page: Page,
  appUrl: string,
  email: string,
  password = DEMO_PASSWORD,
  {
    newsPopup = 'postpone',
    through = newsPopup === 'keep' ? 'form' : 'session',
    at = '/',
  }: { newsPopup?: 'postpone' | 'keep'; through?: 'form' | 'session'; at?: string } = {},
): Promise<void> {
  if (through === 'form') {
    if (at !== '/') throw new Error("the form's sign-in lands where the app sends it: no `at`");
    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  } else {
    await storeSession(page, appUrl, email, password);
    await page.goto(`${appUrl}${at}`);
  }
  if (newsPopup === 'postpone') await postponeNewsPopup(page);
}

/** The session `POST /token` gives, stored as the app's sign-in stores it (`portal.session`). */
async function storeSession(page: Page, appUrl: string, email: string, password: string) {
  // Any document of the app's origin will do; /config.js is the smallest (no app starts), and it
  // names the API this app talks to (the end-to-end stack's, nginx's in the topology).
  await page.goto(`${appUrl}/config.js`);
  const refused = await page.evaluate(
    async ({ email, password }) => {
      const text = document.body.innerText;
      const config = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as {
        mainApiUrl: string;
        agentAppUrl: string;
      };
      const response = await fetch(`${config.mainApiUrl}/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json()) as { profileType?: string; challenge?: string };
      if (!response.ok || body.challenge) return `${response.status} ${JSON.stringify(body)}`;
      // A session of the other app's audience is handed over by the form's sign-in: not here.
      const agentApp = location.origin === new URL(config.agentAppUrl).origin;
      if ((body.profileType === 'Mandataire') !== agentApp) return "the other app's audience";
      localStorage.setItem(
        'portal.session',
        JSON.stringify({ state: { session: body, adminSession: null }, version: 1 }),
      );
      return null;
    },
    { email, password },
  );
  expect(refused, `a session for ${email} (else sign in with { through: 'form' })`).toBeNull();
}

/**
 * An agent whose session carries `onLoginAgent` (Claire in the seed) gets the news popup over
 * the first page. Tests that are not about it postpone it: 'Reporter tout' keeps the flag, so
 * the news test still sees it whatever ran before.
 */
async function postponeNewsPopup(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const state = await page.waitForFunction(
        () => {
          const raw = localStorage.getItem('portal.session');
          const session = raw ? JSON.parse(raw)?.state?.session : null;
          if (session) return session.onLoginAgent && !session.isImpersonateUser ? 'popup' : 'none';
          // Still signing in (or handing off to the other app); a refused sign-in shows an alert.
          return location.pathname.startsWith('/login') && document.querySelector('[role="alert"]')
            ? 'none'
            : false;
        },
        undefined,
        { timeout: 3_000, polling: 100 },
      );
      if ((await state.jsonValue()) === 'popup') {
        // Escape is 'Reporter tout' without a click (usage tracking counts clicks). With none
        // unread the app clears the flag and shows nothing.
        const postpone = page.getByRole('button', { name: 'Reporter tout' });
        if (
          await postpone.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        ) {
          await page.keyboard.press('Escape');
          await postpone.waitFor({ state: 'detached' });
        }
      }
      return;
    } catch (error) {
      // A navigation (hand-off to the other app) restarts the wait; a timeout ends it.
      if (!String(error).includes('context was destroyed')) return;
    }
  }
}

/**
 * Every test also checks the accessibility of the page it ends on, and that the apps ran under
 * their Content-Security-Policy without the browser blocking anything of theirs.
 */
export const test = base.extend<{ accessibleAtEnd: void; noCspViolation: void }>({
  accessibleAtEnd: [
    async ({ page }, use) => {
      await use();
      if (!page.url().startsWith('http')) return;
      // A flow that ends on a check of its own needs no second one of the same document.
      const unchanged = await Promise.all([
        page.evaluate(() => {
          const checked = window as CheckedWindow;
          return checked.__axeUnchanged === true ? checked.__axeSeenAs : null;
        }),
        page.evaluate(renderingConditions),
      ]).then(
        ([seenAs, now]) => seenAs === now,
        () => false,
      );
      if (!unchanged) await expectAccessible(page);
    },
    { auto: true },
  ],
  noCspViolation: [
    async ({ page }, use) => {
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          blocked.push(message.text());
        }
      });
      await use();
      expect(blocked, 'blocked by the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
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

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // The apps' Content-Security-Policy refuses inline scripts, so axe is evaluated through the
  // DevTools protocol (which the policy does not govern) rather than added as a script tag.
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  });
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

export async function signIn(
  page: Page,
  appUrl: string,
  email: string,
  password = DEMO_PASSWORD,
  { newsPopup = 'postpone' }: { newsPopup?: 'postpone' | 'keep' } = {},
): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  if (newsPopup === 'postpone') await postponeNewsPopup(page);
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

/** Every test also checks the accessibility of the page it ends on. */
export const test = base.extend<{ accessibleAtEnd: void }>({
  accessibleAtEnd: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };

import type { Page } from '@playwright/test';
import { XSS_CORPUS, xssPayloads } from '@portal/ui/testing/xss-corpus';
import { expect, signIn, test } from '../support/fixtures';
import { apiToken, createNewsApi, deleteNewsApi, uniqueTitle } from '../support/news';
import { DEMO, E2E } from '../support/ports';

// The apps' Content-Security-Policy (script-src 'self') would stop inline handlers on its own,
// including the harness's spy check: this suite tests the sanitising as the line behind it.
test.use({ bypassCSP: true });

/**
 * Any payload that runs calls `window.__xss()` (or `alert(1)` for the encoded ones): a spy set
 * before the page's own scripts counts the calls, and every dialog is recorded.
 */
async function watchForScripts(page: Page): Promise<{ dialogs: string[] }> {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.defineProperty(window, '__xssCalls', { value: calls });
    Object.defineProperty(window, '__xss', {
      value: () => calls.push(new Error().stack ?? 'called'),
      writable: false,
      configurable: false,
    });
  });
  return seen;
}

/**
 * The backend strips scripts on save (a second line): to test the apps' own sanitising, the
 * news item reaches the page with the raw corpus, as if the backend had let it through.
 */
async function serveRawContent(page: Page, newsId: number, content: string) {
  await page.route(`${E2E.mainApi}/news/${newsId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, content } });
  });
}

/** The harness itself: a handler that does run is counted (so an empty count means something). */
async function expectSpyCounts(page: Page) {
  const count = () =>
    page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls.length);
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img id="spy-check" src="data:," onerror="window.__xss()" alt="">',
    ),
  );
  await expect.poll(count).toBe(1);
  await page.evaluate(() => {
    (window as unknown as { __xssCalls: string[] }).__xssCalls.length = 0;
    document.getElementById('spy-check')?.remove();
  });
}

async function expectNothingRan(page: Page, seen: { dialogs: string[] }) {
  // Hover and focus what the content left, in case a handler survived.
  await page.mouse.move(200, 300);
  await page.mouse.move(600, 500);
  await page.keyboard.press('Tab');
  await page.waitForTimeout(500);
  expect(
    await page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls),
  ).toEqual([]);
  expect(seen.dialogs).toEqual([]);
}

// The apps' CSP alone would block inline handlers: without it, this tests the sanitising itself.
test.use({ bypassCSP: true });

test('news content carrying the XSS corpus runs nothing, for agents and staff', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const payloads = xssPayloads('window.__xss()');
  expect(payloads.length).toBeGreaterThanOrEqual(50);
  expect(XSS_CORPUS.length).toBe(payloads.length);
  const admin = await apiToken(request, DEMO.admin);
  const title = uniqueTitle('Actualité piégée');
  // Some payloads (unclosed tags) swallow what follows: the start marks the content.
  const content = `<p>Début du contenu.</p>\n${payloads.join('\n')}\n<p>Fin du contenu.</p>`;
  const news = await createNewsApi(request, admin, { title, content, hasPopup: true });
  try {
    // Agent: the popup after sign-in, the list (excerpt) and the detail, as saved, then with the
    // raw corpus.
    const agentContext = await browser.newContext({ bypassCSP: true });
    const agent = await agentContext.newPage();
    const agentSeen = await watchForScripts(agent);
    await signIn(agent, E2E.agentApp, DEMO.agent, undefined, { newsPopup: 'keep' });
    await expect(agent).toHaveURL(`${E2E.agentApp}/`);
    const popup = agent.getByRole('dialog');
    await expect(popup.getByRole('heading', { name: title })).toBeVisible();
    await expect(popup.getByText('Début du contenu.')).toBeVisible();
    await expectSpyCounts(agent);
    await expectNothingRan(agent, agentSeen);
    await popup.getByRole('button', { name: 'Reporter tout' }).click();
    await expect(popup).toHaveCount(0);
    await agent.goto(`${E2E.agentApp}/news?title=${encodeURIComponent(title)}`);
    await expect(agent.getByRole('article').filter({ hasText: title })).toBeVisible();
    await agent.goto(`${E2E.agentApp}/news/${news.id}`);
    await expect(agent.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(agent.getByText('Début du contenu.')).toBeVisible();
    await expectNothingRan(agent, agentSeen);
    await serveRawContent(agent, news.id, content);
    await agent.reload();
    await expect(agent.getByText('Début du contenu.')).toBeVisible();
    await expectNothingRan(agent, agentSeen);
    await agentContext.close();

    // Staff: the detail and the edit form (the rich editor parses the content too).
    const staffSeen = await watchForScripts(page);
    await signIn(page, E2E.staffApp, DEMO.communication);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/communication/news/${news.id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Début du contenu.')).toBeVisible();
    await expectNothingRan(page, staffSeen);
    await serveRawContent(page, news.id, content);
    await page.reload();
    await expect(page.getByText('Début du contenu.')).toBeVisible();
    await expectNothingRan(page, staffSeen);
    await page.goto(`${E2E.staffApp}/communication/news/${news.id}/edit`);
    await expect(page.getByRole('textbox', { name: 'Contenu' })).toContainText('Début du contenu.');
    await expectNothingRan(page, staffSeen);
    // Ends on the list: the corpus leaves images without text, which axe would rightly flag.
    await page.unroute(`${E2E.mainApi}/news/${news.id}`);
    await page.goto(`${E2E.staffApp}/communication/news?title=${encodeURIComponent(title)}`);
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  } finally {
    await deleteNewsApi(request, admin, [news.id]);
  }
});

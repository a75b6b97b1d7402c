import { expect, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';
import { recordingProxy, useMainApi } from '../support/recording-proxy';

interface TrackedEvent {
  type: string;
  action: string;
  path: string;
  timestamp: string;
  device: string;
}

const EVENTS = /^\/sessions\/[^/]+\/events$/;

test.describe('usage tracking', () => {
  test('events reach the backend in batches of 5 and on tab close', async ({ browser }) => {
    const proxy = await recordingProxy();
    const context = await browser.newContext({ locale: 'fr-FR' });
    await useMainApi(context, proxy.url);
    const batches = () =>
      proxy.requests
        .filter((request) => request.method === 'POST' && EVENTS.test(request.path))
        .map((request) => ({
          status: request.status,
          authorization: request.headers['authorization'],
          events: JSON.parse(request.body) as TrackedEvent[],
        }));
    const summary = (events: TrackedEvent[]) =>
      events.map((event) => `${event.type} ${event.path}`);

    try {
      const page = await context.newPage();
      await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
      await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
      const menu = page.getByRole('navigation', { name: 'Menu principal' });

      // PAGE / (1), CLICK + PAGE /my/account (3), CLICK + PAGE / (5): one batch of 5.
      await menu.getByRole('link', { name: 'Mon compte' }).click();
      await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
      const response = page.waitForResponse(
        (answer) =>
          EVENTS.test(new URL(answer.url()).pathname) && answer.request().method() === 'POST',
      );
      await menu.getByRole('link', { name: 'Accueil' }).click();
      expect((await response).status()).toBe(204);
      expect(batches()).toHaveLength(1);
      const [first] = batches();
      expect(first!.authorization).toMatch(/^Bearer /);
      expect(summary(first!.events)).toEqual([
        'PAGE /',
        'CLICK /',
        'PAGE /my/account',
        'CLICK /my/account',
        'PAGE /',
      ]);
      expect(first!.events[1]).toMatchObject({ action: 'Mon compte', device: 'PC' });

      // Two more events wait in the queue until the tab closes.
      await menu.getByRole('link', { name: 'Mon compte' }).click();
      await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
      expect(batches()).toHaveLength(1);
      await page.close({ runBeforeUnload: true });
      // Sent with keepalive from the closing tab, and stored by the backend.
      await expect.poll(() => batches()[1]?.status).toBe(204);
      expect(summary(batches()[1]!.events)).toEqual(['CLICK /', 'PAGE /my/account']);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});

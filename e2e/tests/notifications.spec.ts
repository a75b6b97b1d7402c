import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post(`${E2E.mainApi}/token`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** The unread count the bell announces ('Notifications, 3 non lues'; 0 without a badge). */
async function badgeCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+)\+? non lues/)?.[1] ?? 0);
}

test.describe('notifications', () => {
  test('an administrator notifies the Mandataire profile; the agent opens it from the bell', async ({
    page,
    browser,
  }) => {
    const title = `Réunion réseau ${unique()}`;

    const agentContext = await browser.newContext({ locale: 'fr-FR' });
    const agent = await agentContext.newPage();
    // Wait for the bell's first answer before reading the count (set up before it can arrive).
    const firstBellAnswer = agent.waitForResponse((r) => r.url().includes('/notification_lists'));
    await signIn(agent, E2E.agentApp, DEMO.agent);
    await expect(agent).toHaveURL(`${E2E.agentApp}/`);
    await firstBellAnswer;
    const before = await badgeCount(agent);

    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Créer une notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une notification' });

    // Required fields and the link's format, with the spec's messages.
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire.')).toHaveCount(3);
    await dialog.getByLabel('Titre').fill(title);
    await dialog.getByLabel('Description').fill('Rendez-vous jeudi à 10 h.');
    await dialog.getByRole('checkbox', { name: 'Mandataire', exact: true }).check();
    await dialog.getByLabel('Lien').fill('pas une adresse');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Ce champ doit être une URL valide')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('Lien').fill('/my/account');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('la notification est créé')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('gridcell', { name: title, exact: true })).toBeVisible();

    // The agent's bell counts it (the bell refreshes every minute; a reload is quicker).
    await agent.reload();
    await expect.poll(() => badgeCount(agent)).toBe(before + 1);
    await agent.getByRole('button', { name: /^Notifications/ }).click();
    const panel = agent;
    await expect(panel.getByRole('button', { name: new RegExp(title) })).toBeVisible();
    // Not checked with axe while open: Headless UI's focus guards around the portalled panel
    // are aria-hidden and focusable, which axe reports (dequelabs/axe-core#4832).
    const markRead = agent.waitForRequest(
      (r) => r.url().endsWith('/notification_lists/user') && r.method() === 'POST',
    );
    await panel.getByRole('button', { name: new RegExp(title) }).click();
    expect((await markRead).postDataJSON()).toEqual({ notificationListIds: [expect.any(Number)] });
    await expect(agent).toHaveURL(`${E2E.agentApp}/my/account`);
    await expectAccessible(agent);
    await expect.poll(() => badgeCount(agent)).toBe(before);
    await agent.reload();
    await agent.waitForResponse((r) => r.url().includes('/notification_lists'));
    expect(await badgeCount(agent)).toBe(before);
    await agentContext.close();

    // Update.
    await page.getByRole('button', { name: `Modifier « ${title} »` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la notification' });
    await expect(edit.getByLabel('Titre')).toHaveValue(title);
    await edit.getByLabel('Titre').fill(`${title} (modifiée)`);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('la notification est mise à jour')).toBeVisible();
    await expect(
      page.getByRole('gridcell', { name: `${title} (modifiée)`, exact: true }),
    ).toBeVisible();
  });

  test("'Tout marquer comme lu' leaves the notifications that carry a link", async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}` };
    const profiles = await request.get(`${E2E.mainApi}/profiles`, {
      headers,
      params: { type: 'Mandataire' },
    });
    const mandataire = (
      (await profiles.json()) as { 'hydra:member': { '@id': string; title: string }[] }
    )['hydra:member'].find((profile) => profile.title === 'Mandataire')!;
    const id = unique();
    const linked = `Avec lien ${id}`;
    const plain = `Sans lien ${id}`;
    for (const [title, urlLink] of [
      [linked, 'https://www.example.org/'],
      [plain, null],
    ] as const) {
      const created = await request.post(`${E2E.mainApi}/notifications`, {
        headers,
        data: { title, description: 'Test', urlLink, profilesToNotify: [mandataire['@id']] },
      });
      expect(created.status()).toBe(201);
    }

    await signIn(page, E2E.agentApp, DEMO.agent2);
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    // The bell is in the header of every page; this one is the lightest.
    await page.goto(`${E2E.agentApp}/my/account`);
    await page.getByRole('button', { name: /^Notifications, \d+ non lues/ }).click();
    const panel = page;
    await expect(panel.getByRole('button', { name: new RegExp(plain) })).toBeVisible();
    await expect(panel.getByRole('button', { name: new RegExp(linked) })).toBeVisible();
    await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await expect(panel.getByRole('button', { name: new RegExp(plain) })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: new RegExp(linked) })).toBeVisible();
    // Only linked notifications are left, so the action is no longer offered.
    await expect(panel.getByRole('button', { name: 'Tout marquer comme lu' })).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(panel.getByRole('button', { name: new RegExp(linked) })).toBeVisible();
    await expect(panel.getByRole('button', { name: new RegExp(plain) })).toHaveCount(0);

    // An external link opens in a new tab.
    await page
      .context()
      .route('https://www.example.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Partenaire</title>' }),
      );
    const popup = page.context().waitForEvent('page');
    await panel.getByRole('button', { name: new RegExp(linked) }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://www.example.org/');
    await opened.close();
    await expect(page).toHaveURL(`${E2E.agentApp}/my/account`);
  });
  test('with 150 unread the bell shows 99+ and its panel stays within 60 % of the screen', async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await tokenOf(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}` };
    const profiles = await request.get(`${E2E.mainApi}/profiles`, {
      headers,
      params: { type: 'Mandataire' },
    });
    // The junior profile has few holders (Lucas among them): 150 notifications stay cheap.
    const junior = (
      (await profiles.json()) as { 'hydra:member': { '@id': string; title: string }[] }
    )['hydra:member'].find((profile) => profile.title === 'Mandataire - Junior')!;
    const id = unique();
    for (let index = 0; index < 150; index += 1) {
      const created = await request.post(`${E2E.mainApi}/notifications`, {
        headers,
        data: {
          title: `Rappel ${index + 1} ${id}`,
          description: 'Test',
          urlLink: null,
          profilesToNotify: [junior['@id']],
        },
      });
      expect(created.status()).toBe(201);
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E.agentApp, 'lucas.petit@reseau-patrimoine.fr');
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await page.goto(`${E2E.agentApp}/my/account`);
    const bell = page.getByRole('button', { name: /^Notifications, 99\+ non lues$/ });
    await bell.click();
    const panel = page.getByTestId('bell-panel');
    await expect(panel.getByRole('button', { name: new RegExp(`Rappel 150 ${id}`) })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(800 * 0.6);
    // The panel's list scrolls inside it: its last entries are reached without leaving it.
    await expect(panel.getByRole('region')).toHaveJSProperty('tabIndex', 0);
    await expectAccessible(page);
  });
});

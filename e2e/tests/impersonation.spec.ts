import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

async function openUsers(page: import('@playwright/test').Page) {
  await signIn(page, E2E.staffApp, DEMO.admin);
  await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Utilisateurs' })
    .click();
  await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
  await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeVisible();
}

test.describe('impersonation', () => {
  test('an administrator views the agent portal as Claire and comes back to his session', async ({
    page,
    request,
  }) => {
    await openUsers(page);
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users?lastName=Martin`);
    const row = page.getByRole('row', { name: /claire\.martin@reseau-patrimoine\.fr/ });
    await expect(row).toBeVisible();
    await expectAccessible(page);

    // Keyboard only: focus the action and press Enter.
    await row.getByRole('button', { name: 'Se connecter en tant que Claire Martin' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    expect(page.url()).not.toContain('code=');
    await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
    await expect(page.getByRole('banner').getByTestId('current-user')).toHaveText('Claire Martin');
    // No token ever sits in the agent portal's address bar or in the staff console's storage.
    const back = page.getByRole('button', { name: 'Revenir à ma session' });
    await expect(back).toBeVisible();
    await expectAccessible(page);

    await back.click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
    await expect(page.getByRole('banner').getByTestId('current-user')).toHaveText('Sophie Bernard');
    await expect(page.getByRole('button', { name: 'Revenir à ma session' })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Se connecter en tant que Claire Martin' }),
    ).toBeVisible();

    // The backend's audit trail names who impersonated whom, and the session is closed.
    const adminToken = await page.evaluate(
      () => JSON.parse(localStorage.getItem('portal.session') ?? '{}').state.session.token,
    );
    const audit = await request.get(`${E2E.mainApi}/administration/impersonations`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(audit.status()).toBe(200);
    const [latest] = (await audit.json())['hydra:member'];
    expect(latest).toMatchObject({
      admin: { email: DEMO.admin },
      target: { email: DEMO.agent },
      endedAt: expect.any(String),
    });

    // The agent portal kept nothing of the impersonated session.
    await page.goto(`${E2E.agentApp}/`);
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
  });

  test('a staff target stays in the staff console and the way back restores the admin', async ({
    page,
  }) => {
    await openUsers(page);
    await page.getByLabel('Nom', { exact: true }).fill('Moreau');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.getByRole('button', { name: 'Se connecter en tant que Camille Moreau' }).click();

    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await expect(page.getByRole('banner').getByTestId('current-user')).toHaveText('Camille Moreau');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
    // The cache was cleared: the home block shows Camille, not Sophie.
    await expect(page.getByRole('heading', { name: 'Bonjour Camille Moreau' })).toBeVisible();

    await page.getByRole('button', { name: 'Revenir à ma session' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
    await expect(page.getByRole('banner').getByTestId('current-user')).toHaveText('Sophie Bernard');
  });

  test('the impersonated token is refused once the impersonation ends', async ({
    page,
    request,
  }) => {
    await openUsers(page);
    await page.getByLabel('Nom', { exact: true }).fill('Moreau');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.getByRole('button', { name: 'Se connecter en tant que Camille Moreau' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('portal.session') ?? '{}').state.session.token,
    );
    const me = await request.get(`${E2E.mainApi}/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await me.json()).isImpersonateUser).toBe(true);
    await page.getByRole('button', { name: 'Revenir à ma session' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
    const after = await request.get(`${E2E.mainApi}/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });
});

import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

test.describe('sign-in', () => {
  test('an agent lands on the home path and sees who is signed in', async ({ page }) => {
    await page.goto(`${E2E.agentApp}/`);
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await expect(page.getByText('v1.0.17')).toBeVisible();
    await expectAccessible(page);
    await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
    await expect(page.getByText('CGP0001 — Claire Martin')).toBeVisible();
  });

  test('a staff user lands on the staff home', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await expect(page.getByRole('heading', { name: 'Bonjour Sophie Bernard' })).toBeVisible();
  });

  test("a wrong password shows the server's message above the form", async ({ page }) => {
    await signIn(page, E2E.agentApp, DEMO.agent, 'mauvais-mot-de-passe', { through: 'form' });
    await expect(page.getByRole('alert')).toHaveText('Identifiants invalides.');
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(DEMO.agent);
  });

  test('with the backend unreachable the system-problem message shows', async ({ page }) => {
    await page.route(`${E2E.mainApi}/token`, (route) => route.abort('connectionrefused'));
    await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
    await expect(page.getByRole('alert')).toHaveText(
      'Authentication request could not be processed due to a system problem.',
    );
  });

  test('field messages show next to the fields', async ({ page }) => {
    await page.goto(`${E2E.agentApp}/login`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(2);
    await page.getByLabel('Adresse e-mail').fill('claire.martin');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText("Cette valeur n'est pas une adresse email valide.")).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
  });

  test('the wanted path is restored after sign-in', async ({ page }) => {
    await page.goto(`${E2E.agentApp}/?onglet=actualites`);
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.agentApp}/?onglet=actualites`);
  });

  test('signing out returns to the sign-in page', async ({ page }) => {
    await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
    await page.getByRole('link', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await page.goto(`${E2E.agentApp}/`);
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
  });

  test('a 401 from the main backend signs the user out', async ({ page }) => {
    await signIn(page, E2E.agentApp, DEMO.agent, undefined, { through: 'form' });
    await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('portal.session') ?? '{}');
      stored.state.session.token = `${stored.state.session.token.slice(0, -4)}AAAA`;
      localStorage.setItem('portal.session', JSON.stringify(stored));
    });
    await page.reload();
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem('portal.session') ?? '{}').state.session,
      ),
    ).toBeNull();
  });

  test('a session ended elsewhere says so on the sign-in page, then returns where he was', async ({
    page,
    request,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent2, undefined, { through: 'form' });
    await expect(page.getByRole('heading', { name: 'Bonjour Julien Lefebvre' })).toBeVisible();
    await page.goto(`${E2E.agentApp}/?onglet=actualites`);
    await expect(page.getByRole('heading', { name: 'Bonjour Julien Lefebvre' })).toBeVisible();

    // Another device signs in and ends every other session ('Fermer les autres sessions').
    const login = await request.post(`${E2E.mainApi}/token`, {
      data: { email: DEMO.agent2, password: DEMO_PASSWORD },
    });
    const { token } = await login.json();
    const headers = { Authorization: `Bearer ${token}` };
    const me = await (await request.get(`${E2E.mainApi}/me`, { headers })).json();
    const ended = await request.delete(`${E2E.mainApi}/users/${me.userId}/sessions`, { headers });
    expect(ended.ok()).toBe(true);

    await page.reload();
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await expect(
      page.getByText('Votre session a pris fin. Reconnectez-vous pour continuer.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Adresse e-mail').fill(DEMO.agent2);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/?onglet=actualites`);

    // Signing out oneself says nothing.
    await page.getByRole('link', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
    await expect(page.getByText('Votre session a pris fin', { exact: false })).toHaveCount(0);
  });

  test('an unknown path lands on /not-found', async ({ page }) => {
    await page.goto(`${E2E.agentApp}/cette/page/nexiste/pas`);
    await expect(page).toHaveURL(`${E2E.agentApp}/not-found`);
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    await page.goto(`${E2E.staffApp}/inconnue`);
    await expect(page).toHaveURL(`${E2E.staffApp}/not-found`);
  });

  test("a disabled user gets the 'Compte suspendu' dialog", async ({ page }) => {
    await signIn(page, E2E.agentApp, DEMO.disabled, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.agentApp}/forbidden`);
    // The modal dialog makes the page behind it inert, so the 403 heading is checked after.
    const dialog = page.getByRole('dialog', { name: 'Compte suspendu' });
    await expect(dialog).toContainText(E2E.supportEmail);
    await expect(dialog.getByRole('link', { name: E2E.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${E2E.supportEmail}`,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
    // Home would loop back to the dialog: the way on is signing out, where the focus lands.
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Se déconnecter' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${E2E.agentApp}/login`);
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  });
});

test.describe('the right app for each audience', () => {
  test('an agent who signs in on the staff console ends up on the agent portal', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.agent, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
    // The hand-off code is single-use and never left in the address bar.
    expect(page.url()).not.toContain('code=');
    // The staff console kept no session of the agent's.
    await page.goto(`${E2E.staffApp}/accueil`);
    await expect(page).toHaveURL(`${E2E.staffApp}/login`);
  });

  test('a staff user who signs in on the agent portal ends up on the staff console', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.admin, undefined, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await expect(page.getByRole('heading', { name: 'Bonjour Sophie Bernard' })).toBeVisible();
  });

  test('a used hand-off code is refused', async ({ page, request }) => {
    const login = await request.post(`${E2E.mainApi}/token`, {
      data: { email: DEMO.agent, password: 'Portail2026!' },
    });
    const { token } = await login.json();
    const handoff = await request.post(`${E2E.mainApi}/auth/handoff`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { code } = await handoff.json();
    const first = await request.post(`${E2E.mainApi}/auth/handoff/exchange`, { data: { code } });
    expect(first.status()).toBe(200);
    await page.goto(`${E2E.agentApp}/auth/handoff#code=${code}`);
    await expect(page.getByRole('alert')).toContainText('Une erreur est survenue');
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  });
});

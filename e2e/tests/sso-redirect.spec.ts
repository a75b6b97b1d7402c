import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

/** The helpdesk's callback on the allow-list of the e2e backend (its default, `PUBLIC_URL`). */
const CALLBACK = `http://localhost:${new URL(E2E.mainApi).port}/partners/helpdesk/callback`;

test('an agent reaches the training portal and the helpdesk without signing in again', async ({
  page,
}) => {
  await signIn(page, E2E.agentApp, DEMO.agent2);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  // The training portal, on the page asked for; the token does not stay in the history.
  await page.goto(`${E2E.agentApp}/redirect/odysseal?ref=x`);
  await expect(page.getByText('Page demandée : x')).toBeVisible();
  await expect(page.getByText(/Bienvenue Julien Lefebvre/)).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/partners\/odysseal\/sso\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  // A helpdesk call with a parameter missing: the spec's message, back home.
  await page.goto(`${E2E.agentApp}/redirect/helpdesk?client_id=portail-helpdesk&state=s1`);
  await expect(page.getByText('Erreur dans les paramètres de la requête.')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.agentApp}/`);

  // Complete and on the allow-list: back to the helpdesk, signed in, with its state.
  const query = new URLSearchParams({
    client_id: 'portail-helpdesk',
    state: 'etat-42',
    nonce: 'n-1',
    redirect_uri: CALLBACK,
  });
  await page.goto(`${E2E.agentApp}/redirect/helpdesk?${query.toString()}`);
  await expect(page.getByText('État de la demande : etat-42.')).toBeVisible();
  await expect(page.getByText(/Bienvenue Julien Lefebvre/)).toBeVisible();
});

test('staff reach the training portal and the helpdesk too, even sent to the agent portal', async ({
  page,
}) => {
  await signIn(page, E2E.staffApp, DEMO.admin);
  await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);

  // The staff home offers the training portal (a new tab on the console's own redirect page).
  await expect(page.getByRole('link', { name: /Ouvrir le portail de formation/ })).toHaveAttribute(
    'href',
    '/redirect/odysseal',
  );
  await page.goto(`${E2E.staffApp}/redirect/odysseal?ref=y`);
  await expect(page.getByText('Page demandée : y')).toBeVisible();
  await expect(page.getByText(/Bienvenue Sophie Bernard/)).toBeVisible();

  // A helpdesk sign-on opened on the agent portal: signed in there, the session is handed over
  // to the console with the request, which completes it.
  const query = new URLSearchParams({
    client_id: 'portail-helpdesk',
    state: 'etat-7',
    nonce: 'n-7',
    redirect_uri: CALLBACK,
  });
  await page.goto(`${E2E.agentApp}/redirect/helpdesk?${query.toString()}`);
  await expect(page).toHaveURL(`${E2E.agentApp}/login`);
  await page.getByLabel('Adresse e-mail').fill(DEMO.admin);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('État de la demande : etat-7.')).toBeVisible();
  await expect(page.getByText(/Bienvenue Sophie Bernard/)).toBeVisible();
});

test('an unknown single sign-on offers the way home, from the keyboard', async ({ page }) => {
  await signIn(page, E2E.agentApp, DEMO.agent2);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`${E2E.agentApp}/redirect/inconnu`);
  await expect(page.getByText('Une erreur est survenue !')).toBeVisible();
  await expectAccessible(page);
  // Issue 41: the page was a dead end. Its way home is a link the keyboard reaches.
  const home = page.getByRole('link', { name: 'Retour à l’accueil' });
  await home.focus();
  await expect(home).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${E2E.agentApp}/`);
  await expect(page.getByRole('heading', { name: /Bonjour Julien Lefebvre/ })).toBeVisible();
  await expectAccessible(page);
});

import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';
import { expect, expectAccessible, mailsTo, signIn, test } from '../support/fixtures';

const RESET_FAILED =
  'Une erreur est survenue, le lien est peut-être expiré, veuillez recommencer la procédure.';

test('the whole forgot-password loop, then the used link is refused', async ({ page, request }) => {
  const email = DEMO.agent2;
  const before = (await mailsTo(request, email)).length;

  await page.goto(`${E2E.agentApp}/login`);
  const trigger = page.getByRole('button', { name: 'Mot de passe oublié ?' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  // The dialog opens on its e-mail field; Escape gives the focus back to the trigger.
  await expect(dialog.getByLabel('Adresse e-mail')).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Adresse e-mail')).toBeFocused();
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
  await dialog.getByLabel('Adresse e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    dialog.getByText('Lien de réinitialisation du mot de passe envoyé par mail.'),
  ).toBeVisible();
  await expectAccessible(page);

  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(before + 1);
  const [mail] = await mailsTo(request, email);
  const link = mail!.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0];
  expect(link, 'reset link in the mail').toBeTruthy();
  expect(link!.startsWith(`${E2E.agentApp}/reset-password/`)).toBe(true);

  await page.goto(link!);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('faible');
  await page.getByLabel('Confirmation du mot de passe').fill('autre');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(
    page.getByText(
      'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Le mot de passe doit correspondre.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2026!');
  await page.getByLabel('Confirmation du mot de passe').fill('Nouveau2026!');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(
    page.getByText(
      'Votre mot de passe à bien été modifié. Vous allez être redirigé sur la page de connexion.',
    ),
  ).toBeVisible();
  // The message stays a moment (2 s), then the login page opens.
  await expect(page).toHaveURL(/\/reset-password\//);
  await expect(page).toHaveURL(`${E2E.agentApp}/login`, { timeout: 5_000 });

  await signIn(page, E2E.agentApp, email, 'Nouveau2026!', { through: 'form' });
  await expect(page.getByRole('heading', { name: 'Bonjour Julien Lefebvre' })).toBeVisible();
  await page.getByRole('link', { name: 'Se déconnecter' }).click();

  await page.goto(link!);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Encore2026!');
  await page.getByLabel('Confirmation du mot de passe').fill('Encore2026!');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_FAILED);

  // Other specs sign in as this agent with the demo password: put it back.
  const count = (await mailsTo(request, email)).length;
  await request.post(`${E2E.mainApi}/reset_password_tokens`, { data: { email } });
  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(count + 1);
  const token = (await mailsTo(request, email))[0]!.text.match(/reset-password\/([\w-]+)/)![1];
  const restored = await request.post(`${E2E.mainApi}/reset_password_tokens/${token}`, {
    data: { password: DEMO_PASSWORD },
  });
  expect(restored.status()).toBe(204);
});

test('an unknown or expired link shows the expired-link message', async ({ page }) => {
  await page.goto(`${E2E.staffApp}/reset-password/lien-perime-ou-inconnu`);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2026!');
  await page.getByLabel('Confirmation du mot de passe').fill('Nouveau2026!');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_FAILED);
});

test('asking for an unknown address answers like a known one', async ({ page }) => {
  await page.goto(`${E2E.staffApp}/login`);
  const trigger = page.getByRole('button', { name: 'Mot de passe oublié ?' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await dialog.getByLabel('Adresse e-mail').fill('personne@exemple.fr');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    dialog.getByText('Lien de réinitialisation du mot de passe envoyé par mail.'),
  ).toBeVisible();
  // 'Fermer' (the footer's, before the corner's) gives the focus back to the trigger.
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { apiToken, bearer } from '../support/news';
import { DEMO, E2E } from '../support/ports';
import { expect, expectAccessible, mailsTo, signIn, test } from '../support/fixtures';

const PASSWORD = 'Facteur2026!';
const STEP_SECONDS = 30;

/** The RFC 6238 time step of now (30 s), as the backend counts it. */
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
/** The code of a given step, as the user's app shows it then. */
const codeOfStep = (secret: string, step: number) =>
  generate({ secret, epoch: step * STEP_SECONDS });

/**
 * A staff account of its own (Communication's profile), its password set through its creation
 * mail: no other flow signs in with it, so its second factor touches nobody.
 */
async function newStaffAccount(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin);
  const profiles = await request.get(`${E2E.mainApi}/profiles`, {
    headers: bearer(admin),
    params: { itemsPerPage: '100' },
  });
  const communication = (
    (await profiles.json())['hydra:member'] as { '@id': string; title: string }[]
  ).find((profile) => profile.title === 'Communication');
  const email = `double.facteur.${Date.now()}@reseau-patrimoine.fr`;
  const created = await request.post(`${E2E.mainApi}/users`, {
    headers: bearer(admin),
    data: { email, firstName: 'Double', lastName: 'Facteur', profile: communication!['@id'] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(async () => (await mailsTo(request, email)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const [mail] = await mailsTo(request, email);
  const token = mail!.text.match(/\/reset-password\/([\w-]+)/)?.[1];
  const set = await request.post(`${E2E.mainApi}/reset_password_tokens/${token}`, {
    data: { password: PASSWORD },
  });
  expect(set.status()).toBe(204);
  return { id, email };
}

async function passwordStep(page: Page, email: string) {
  // 'keep': no session yet to look for a news popup in, the code step comes first.
  await signIn(page, E2E.staffApp, email, PASSWORD, { newsPopup: 'keep' });
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${E2E.staffApp}/login`);
}

test.describe('second factor', () => {
  test('a staff user enrols, signs in with a code, fails five codes, signs in with a recovery code, makes new ones (the old refused), and an administrator resets his factor', async ({
    browser,
    page,
    request,
  }) => {
    const { id, email } = await newStaffAccount(request);

    // Enrolment from his account page.
    await signIn(page, E2E.staffApp, email, PASSWORD, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon compte' })
      .click();
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Vérification en deux étapes' });
    await section.getByRole('button', { name: 'Activer la vérification en deux étapes' }).click();
    await expect(
      section.getByRole('img', {
        name: "QR code à scanner avec votre application d'authentification",
      }),
    ).toBeVisible();
    const secret = (await section.getByTestId('second-factor-secret').innerText()).replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    const enrolStep = stepNow();
    await section.getByLabel('Code à 6 chiffres').fill(await codeOfStep(secret, enrolStep));
    await section.getByRole('button', { name: 'Activer', exact: true }).click();
    await expect(section.getByText('La vérification en deux étapes est activée.')).toBeVisible();
    const codes = await section
      .getByRole('list', { name: 'Codes de secours' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    await expectAccessible(page);
    await signOut(page);

    // Sign-in: the password, then a code. The next step's code: the enrolment took this one
    // (a code is accepted once), and the backend takes the step after for clock drift.
    await passwordStep(page, email);
    await expectAccessible(page);
    const signInStep = Math.max(stepNow(), enrolStep) + 1;
    await page.getByLabel('Code de vérification').fill(await codeOfStep(secret, signInStep));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await signOut(page);

    // Five wrong codes: each refused in French, counted down.
    await passwordStep(page, email);
    const valid = new Set(
      await Promise.all([-1, 0, 1, 2].map((offset) => codeOfStep(secret, stepNow() + offset))),
    );
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel('Code de vérification').fill(wrong);
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await expect(
        page.getByText(`Code incorrect. Il vous reste ${10 - attempt} essais.`),
      ).toBeVisible();
    }
    await expectAccessible(page);

    // A recovery code signs in, once.
    await page.getByLabel('Code de vérification').fill(codes[0]!);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);

    // He makes new recovery codes from his account page, with a code of his app: the old ones
    // stop working.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon compte' })
      .click();
    await section.getByRole('button', { name: 'Générer de nouveaux codes de secours' }).click();
    await expect(section.getByLabel('Code à 6 chiffres')).toBeFocused();
    await expectAccessible(page);
    // Each step's code is taken once and the sign-in took the step after its own: the clock
    // must reach that step for the next one to be in the window the backend accepts.
    await expect.poll(stepNow, { timeout: 40_000 }).toBeGreaterThanOrEqual(signInStep);
    await section.getByLabel('Code à 6 chiffres').fill(await codeOfStep(secret, stepNow() + 1));
    await section.getByRole('button', { name: 'Générer les codes' }).click();
    await expect(section.getByText(/les anciens ne fonctionnent plus/)).toBeVisible();
    const newCodes = await section
      .getByRole('list', { name: 'Codes de secours' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(codes[1]);
    await expectAccessible(page);
    await signOut(page);
    await passwordStep(page, email);
    await page.getByLabel('Code de vérification').fill(codes[1]!);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    // The right sign-in before cleared the count of wrong codes: one wrong now.
    await expect(page.getByText('Code incorrect. Il vous reste 9 essais.')).toBeVisible();

    // The administrator resets it from the user's page; the user signs in with his password.
    const adminContext = await browser.newContext({ locale: 'fr-FR', reducedMotion: 'reduce' });
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.staffApp, DEMO.admin);
    await expect(admin).toHaveURL(`${E2E.staffApp}/accueil`);
    await admin.goto(`${E2E.staffApp}/administration/users/${id}`);
    const card = admin.getByRole('region', { name: 'Vérification en deux étapes' });
    await expect(card).toContainText('codes de secours restants : 10');
    await card
      .getByRole('button', { name: 'Réinitialiser la vérification en deux étapes' })
      .click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(card.getByText(/Vérification en deux étapes réinitialisée/)).toBeVisible();
    await expect(card).toContainText('Non activée.');
    await expectAccessible(admin);
    // The reset is in the audit trail, with who did it.
    await admin.goto(
      `${E2E.staffApp}/administration/audit?operationId=resetUserSecondFactor&targetIri=/users/${id}`,
    );
    const line = admin
      .getByRole('region', { name: 'Actions du personnel' })
      .getByRole('row')
      .filter({ hasText: 'resetUserSecondFactor' });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(DEMO.admin);
    await adminContext.close();

    await page.getByRole('button', { name: 'Revenir au mot de passe' }).click();
    await signIn(page, E2E.staffApp, email, PASSWORD, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
  });
});

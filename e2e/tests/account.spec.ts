import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DEMO_PASSWORD, E2E } from '../support/ports';
import { bearer } from '../support/news';
import { expect, expectAccessible, mailsTo, signIn, test } from '../support/fixtures';

// Lucas (CGP0004): no other end-to-end test signs in with him, so his changes touch nobody.
const LUCAS = 'lucas.petit@reseau-patrimoine.fr';
const NEW_EMAIL = 'lucas.petit.nouveau@reseau-patrimoine.fr';
const NEW_PASSWORD = 'Compte2026!';
const SUCCESS = 'Modification effectuée avec succès.';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A noisy photo of 2400x1600 pixels: several megabytes, above what the server takes whole. */
async function largePng(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

test.describe('account', () => {
  test.afterAll(async ({ request }) => {
    // Puts Lucas back as the seed made him, whatever step the test stopped at.
    for (const [email, password] of [
      [NEW_EMAIL, NEW_PASSWORD],
      [LUCAS, NEW_PASSWORD],
      [NEW_EMAIL, DEMO_PASSWORD],
    ] as const) {
      const login = await request.post(`${E2E.mainApi}/token`, { data: { email, password } });
      if (!login.ok()) continue;
      const { token, id } = (await login.json()) as { token: string; id: number };
      if (email !== LUCAS)
        await request.patch(`${E2E.mainApi}/users/change_email/${id}`, {
          headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' },
          data: { email: LUCAS, currentPassword: password },
        });
      if (password !== DEMO_PASSWORD)
        await request.post(`${E2E.mainApi}/change_password/${id}`, {
          headers: bearer(token),
          data: { password: DEMO_PASSWORD, currentPassword: password },
        });
    }
  });

  test('an agent reads his account, ends his other sessions, changes photo, sends a support request, changes password and e-mail, then finds the help page and the libraries', async ({
    browser,
    page,
    request,
  }) => {
    // Two more sessions of Lucas: a phone's (a second browser) and a bare API sign-in.
    const phone = await browser.newContext({ locale: 'fr-FR', userAgent: IPHONE });
    const phonePage = await phone.newPage();
    await signIn(phonePage, E2E.agentApp, LUCAS);
    await expect(phonePage.getByRole('heading', { name: /Bonjour Lucas Petit/ })).toBeVisible();
    const elsewhere = await request.post(`${E2E.mainApi}/token`, {
      data: { email: LUCAS, password: DEMO_PASSWORD },
    });
    const elsewhereToken = ((await elsewhere.json()) as { token: string }).token;
    await signIn(page, E2E.agentApp, LUCAS);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon compte' })
      .click();
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
    const bank = page.getByRole('region', { name: 'Société et coordonnées bancaires' });
    await expect(bank).toContainText(/•••• •••• •••• •••• •••• \d{4}/);
    await expect(page.getByRole('img', { name: /Niveau [1-3] sur 3/ })).toBeVisible();
    for (const name of ['IOBSP', 'IAS', 'CIF'])
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeDisabled();

    // His open sessions: this one marked; he ends the phone's with the keyboard, and the phone's
    // next call is a 401 that sends it to the sign-in page.
    const sessions = page.getByRole('region', { name: 'Sessions ouvertes' });
    const current = sessions.getByRole('listitem').filter({ hasText: 'Cette session' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText(/Adresse IP\s*\S+/);
    const endPhone = sessions.getByRole('button', { name: /^Fermer la session Smartphone / });
    await expect(endPhone).toHaveCount(1);
    await expectAccessible(page);
    await endPhone.focus();
    await page.keyboard.press('Enter');
    await expect(sessions.getByRole('status')).toHaveText('La session a été fermée.');
    await expect(sessions.getByRole('heading', { name: 'Sessions ouvertes' })).toBeFocused();
    await expect(endPhone).toHaveCount(0);
    const refused = phonePage.waitForResponse(
      (r) => r.url().startsWith(E2E.mainApi) && r.status() === 401,
    );
    await phonePage
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon compte' })
      .click();
    await refused;
    await expect(phonePage).toHaveURL(/\/login/);
    await phone.close();

    // 'End all others', after a confirmation: Escape first (focus back on the button), then yes.
    const endOthers = sessions.getByRole('button', { name: 'Fermer toutes les autres sessions' });
    await endOthers.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Fermer les autres sessions ?' });
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(endOthers).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Fermer les autres sessions' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(sessions.getByRole('status')).toContainText(/été fermées?\./);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    const me = await request.get(`${E2E.mainApi}/me`, { headers: bearer(elsewhereToken) });
    expect(me.status()).toBe(401);

    await page.getByRole('link', { name: 'Modifier mon compte' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my/account/edit`);
    await expect(
      page.getByRole('heading', { name: 'Modifier mon compte', level: 1 }),
    ).toBeVisible();
    await expectAccessible(page);

    // Photo: a large PNG, framed in the browser, comes back as the server's 200x200 JPEG.
    const photo = page.getByRole('region', { name: 'Changer de photo' });
    const png = await largePng();
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
    await photo
      .getByLabel('Choisir une photo')
      .setInputFiles({ name: 'vacances.png', mimeType: 'image/png', buffer: png });
    await expect(photo.getByRole('application', { name: 'Cadrage de la photo' })).toBeVisible();
    await expectAccessible(page);
    const sent = page.waitForRequest((r) => r.url().includes('/users/change_picture/'));
    await photo.getByRole('button', { name: 'Enregistrer la photo' }).click();
    const upload = await sent;
    await upload.response();
    // What travels is the browser's small JPEG, not the original.
    expect((await upload.sizes()).requestBodySize).toBeLessThan(100 * 1024);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    const avatar = page.getByRole('banner').locator('img[src*="/media/images/avatars/"]');
    await expect(avatar).toBeVisible();
    const login = await request.post(`${E2E.mainApi}/token`, {
      data: { email: LUCAS, password: DEMO_PASSWORD },
    });
    const token = ((await login.json()) as { token: string }).token;
    const account = (await (
      await request.get(`${E2E.mainApi}/account`, { headers: bearer(token) })
    ).json()) as { picture: string };
    const jpeg = await request.get(`${E2E.mainApi}${account.picture}`);
    expect(jpeg.headers()['content-type']).toBe('image/jpeg');
    expect(await sharp(await jpeg.body()).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 200,
    });

    // Support request with an attachment: stored, then mailed to the support address.
    const before = (await mailsTo(request, E2E.supportEmail)).length;
    const support = page.getByRole('region', { name: "Demande d'assistance" });
    await support.getByRole('button', { name: 'Envoyer' }).click();
    await expect(support.getByText('Ce champ est obligatoire.')).toBeVisible();
    await support.getByLabel('Titre').fill('Relevé de commissions introuvable');
    await support.getByLabel('Message').fill('Bonjour, je ne trouve pas mon relevé de septembre.');
    await support.getByLabel('Pièce jointe').setInputFiles({
      name: 'capture.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect(support.getByText('capture.pdf')).toBeVisible();
    await support.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Demande envoyée avec succès.')).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(request, E2E.supportEmail)).length)
      .toBe(before + 1);
    const [mail] = (await mailsTo(request, E2E.supportEmail)) as (Awaited<
      ReturnType<typeof mailsTo>
    >[number] & { attachments: { filename: string }[] })[];
    expect(mail!.subject).toBe("Demande d'assistance : Relevé de commissions introuvable");
    expect(mail!.text).toContain('CGP0004');
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: 'capture.pdf', contentType: 'application/pdf' }),
    ]);
    await expect(support.getByLabel('Titre')).toHaveValue('');

    // Password, with the keyboard only.
    const password = page.getByRole('region', { name: 'Changer de mot de passe' });
    await password.getByLabel('Mot de passe actuel').focus();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // past the show-password toggle
    await expect(password.getByLabel('Nouveau mot de passe', { exact: true })).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText(SUCCESS)).toBeVisible();

    // E-mail: the pair must match, then the new address signs in.
    const email = page.getByRole('region', { name: "Changer d'adresse e-mail" });
    await email.getByLabel('Nouvelle adresse e-mail').fill(NEW_EMAIL);
    await email.getByLabel("Confirmation de l'adresse e-mail").fill('autre@reseau-patrimoine.fr');
    await email.getByLabel('Mot de passe actuel').fill(NEW_PASSWORD);
    await email.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(email.getByText("L'adresse mail doit correspondre.")).toBeVisible();
    await expectAccessible(page);
    await email.getByLabel("Confirmation de l'adresse e-mail").fill(NEW_EMAIL);
    await email.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(SUCCESS).first()).toBeVisible();
    await expect(email.getByLabel('Nouvelle adresse e-mail')).toHaveValue('');

    await page.getByRole('link', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, E2E.agentApp, LUCAS, NEW_PASSWORD, { through: 'form' });
    await expect(page.getByRole('alert')).toBeVisible();
    await signIn(page, E2E.agentApp, NEW_EMAIL, NEW_PASSWORD, { through: 'form' });
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await expect(page.getByRole('heading', { name: /Bonjour Lucas Petit/ })).toBeVisible();

    // The home contact box opens the same support request form.
    await page.getByRole('button', { name: 'Envoyer une demande' }).click();
    const dialog = page.getByRole('dialog', { name: "Demande d'assistance" });
    await expect(dialog.getByLabel('Titre')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Titre').fill("Question depuis l'accueil");
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Demande envoyée avec succès.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await mailsTo(request, E2E.supportEmail))[0]?.subject)
      .toBe("Demande d'assistance : Question depuis l'accueil");

    // The help page: the support address, the helpdesk's own page, the training portal and
    // the same support request.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Support', exact: true }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/support`);
    await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@/);
    await expect(page.getByRole('link', { name: /portail de formation/ })).toHaveAttribute(
      'href',
      '/redirect/odysseal',
    );
    await expect(
      page.getByRole('region', { name: "Demande d'assistance" }).getByLabel('Titre'),
    ).toBeVisible();
    await expectAccessible(page);
    const helpdesk = page.context().waitForEvent('page');
    await page
      .getByRole('link', { name: /^Ouvrir .*nouvel onglet/ })
      .first()
      .click();
    const tab = await helpdesk;
    await expect(tab.getByText(/Page de connexion publique/)).toBeVisible();
    await tab.close();

    // The libraries' hub: one sidebar entry, a card per library, lit on the library's pages.
    await menu.getByRole('link', { name: 'Documents', exact: true }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/library`);
    const libraries = page.getByRole('list', { name: 'Documents et demandes' });
    await expect(libraries.getByRole('link', { name: 'Demandes de modification' })).toBeVisible();
    await expect(libraries.getByText(/\d+ documents?/).first()).toBeVisible();
    await expectAccessible(page);
    await libraries.getByRole('link', { name: 'Bibliothèque', exact: true }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/library/bibliotheque`);
    await expect(page.getByRole('heading', { name: 'Bibliothèque', level: 1 })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Documents', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

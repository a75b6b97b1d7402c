import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A 1×1 PNG, and a Windows executable header dressed up as one.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FAKE_EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(512),
]);

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post(`${E2E.mainApi}/token`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function openLibrary(page: Page) {
  await signIn(page, E2E.staffApp, DEMO.communication);
  await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Banque d’images' })
    .click();
  await expect(page.getByRole('heading', { name: 'Banque d’images', level: 1 })).toBeVisible();
}

async function filterBy(page: Page, title: string) {
  const search = page.getByRole('search', { name: 'Filtres' });
  await search.getByLabel('Titre').fill(title);
  await search.getByRole('button', { name: 'Filtrer' }).click();
}

test.describe('pictures library', () => {
  test('a picture is uploaded, found by title, edited and deleted', async ({ page }) => {
    const title = `Photo E2E ${unique()}`;
    await openLibrary(page);

    await page.getByRole('button', { name: 'Ajouter une image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une image' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
    await expect(dialog.getByText('Une image est requise.')).toBeVisible();
    await dialog.getByLabel('Titre').fill(title);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('photo.png')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('L’image a bien été ajoutée.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await filterBy(page, title);
    await expect(page).toHaveURL(/title=Photo/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByText("Il n'y a plus d'images à afficher.")).toBeVisible();
    await expect(card.locator('img')).toHaveJSProperty('naturalWidth', 1);

    // Edit the title.
    await card.getByRole('button', { name: `Modifier « ${title} »` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier l’image' });
    await expect(edit.getByLabel('Titre')).toHaveValue(title);
    await edit.getByLabel('Titre').fill(`${title} bis`);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('L’image a bien été modifiée.')).toBeVisible();
    await expect(page.getByRole('article', { name: `${title} bis` })).toBeVisible();

    // Replace the file.
    await page.getByRole('button', { name: `Modifier « ${title} bis »` }).click();
    await edit
      .locator('input[type=file]')
      .setInputFiles({ name: 'autre.png', mimeType: 'image/png', buffer: PNG });
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/media_objects') && r.request().method() === 'POST',
    );
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await upload).status()).toBe(201);
    await expect(page.getByText('L’image a bien été modifiée.')).toBeVisible();

    // Delete.
    await page.getByRole('button', { name: `Supprimer « ${title} bis »` }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer l’image' });
    await expect(confirm).toContainText(
      'Une image rattachée à une actualité ne peut pas être supprimée.',
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('L’image a bien été supprimée.')).toBeVisible();
    await expect(page.getByRole('article', { name: `${title} bis` })).toHaveCount(0);
    await expect(page.getByText("Il n'y a pas d'images pour la sélection courante.")).toBeVisible();
  });

  test('a picture attached to a news item cannot be deleted', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const title = `Image d’actualité ${unique()}`;
    const media = await request.post(`${E2E.mainApi}/media_objects`, {
      headers,
      multipart: { file: { name: 'news.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(media.status()).toBe(201);
    const picture = await request.post(`${E2E.mainApi}/image_banks`, {
      headers,
      data: { title, mediaObject: ((await media.json()) as { '@id': string })['@id'] },
    });
    expect(picture.status()).toBe(201);
    const news = await request.post(`${E2E.mainApi}/news`, {
      headers,
      data: {
        title: `Actualité ${title}`,
        date: new Date().toISOString().slice(0, 10),
        content: 'Texte',
        displayed: false,
        imageBank: ((await picture.json()) as { '@id': string })['@id'],
      },
    });
    expect(news.status()).toBe(201);

    await openLibrary(page);
    await filterBy(page, title);
    await page.getByRole('button', { name: `Supprimer « ${title} »` }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer l’image' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(confirm.getByRole('alert').last()).toHaveText(/^Une erreur est survenue : .+/);
    await expect(confirm).toContainText('Une erreur est survenue : Cette image est utilisée');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test('a fake or oversized image is refused with a French message', async ({ page, request }) => {
    await openLibrary(page);
    await page.getByRole('button', { name: 'Ajouter une image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une image' });
    await dialog.getByLabel('Titre').fill('Pas une image');
    const input = dialog.locator('input[type=file]');

    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: FAKE_EXE });
    await expect(dialog.getByText("Ce type de fichier n'est pas accepté.")).toBeVisible();
    await expect(dialog.getByText('photo.png')).toHaveCount(0);

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
    await expect(dialog.getByText('Le fichier est trop volumineux.')).toBeVisible();
    await expectAccessible(page);

    // The backend checks the content too, with the same messages.
    const headers = await adminHeaders(request);
    const fake = await request.post(`${E2E.mainApi}/media_objects`, {
      headers,
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: FAKE_EXE } },
    });
    expect(fake.status()).toBe(422);
    expect(await fake.json()).toMatchObject({
      'hydra:description': expect.stringContaining("Ce type de fichier n'est pas accepté."),
    });
    const oversized = await request.post(`${E2E.mainApi}/media_objects`, {
      headers,
      multipart: { file: { name: 'grande.png', mimeType: 'image/png', buffer: big } },
    });
    expect(oversized.status()).toBe(422);
    expect(await oversized.json()).toMatchObject({
      'hydra:description': expect.stringContaining('Le fichier est trop volumineux.'),
    });
  });
});

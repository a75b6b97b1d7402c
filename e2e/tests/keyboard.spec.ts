import { DEMO, E2E, DEMO_PASSWORD } from '../support/ports';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

/** Keyboard-only use of the signed-in frame: skip link, focus after navigation and dialogs. */
test.describe('keyboard', () => {
  test('the skip link leads to the page heading', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    // A fresh load: focus starts on the document, the first Tab reaches the skip link.
    await page.reload();
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused();
    // The next Tab goes on inside the page, not back to the header.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    ).toBe(true);
  });

  test('focus moves to the new page heading after a navigation, not on first load', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // First load: nothing is focused for the user.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Utilisateurs' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
    await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeFocused();

    await menu.getByRole('link', { name: 'Portail', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: 'Administration du portail', level: 1 }),
    ).toBeFocused();
  });

  test('closing a dialog gives focus back to the button that opened it', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, {
      at: `/communication/notifications`,
    });
    const opener = page.getByRole('button', { name: 'Créer une notification' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Créer une notification' });
    // Headless UI's dialog element has no box of its own: wait for its content.
    await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('header and sidebar stay in view on a long page', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/administration/portail` });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('table', { name: 'Composants des profils mandataires' }).waitFor();
    await page.mouse.wheel(0, 3000);
    await expect(page.getByRole('banner')).toBeInViewport();
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first(),
    ).toBeInViewport();
  });

  test('the component matrix is searched and grouped by area', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/administration/portail` });
    const matrix = page.getByRole('table', { name: 'Composants des profils mandataires' });
    // The area's heading row, then the page itself and its blocks.
    await expect(
      matrix.getByRole('rowheader', { name: 'Fiche client', exact: true }).first(),
    ).toBeVisible();
    await expect(
      matrix.getByRole('checkbox', { name: 'Fiche client : export — Mandataire', exact: true }),
    ).toHaveCount(1);
    const search = page.getByRole('searchbox', { name: 'Rechercher un composant' }).first();
    await search.fill('equipe');
    // The area's heading row and the page's own row.
    await expect(matrix.getByRole('rowheader', { name: 'Mon équipe', exact: true })).toHaveCount(2);
    await expect(matrix.getByRole('rowheader', { name: 'Fiche client', exact: true })).toHaveCount(
      0,
    );
  });
});

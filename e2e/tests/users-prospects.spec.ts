import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, mailsTo, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

const sessionToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('portal.session') ?? '{}').state.session.token as string,
  );

interface ApiUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  cgpId: string | null;
}

/** Two seeded network agents (their addresses carry their CGP id), far from the demo accounts. */
async function networkAgents(request: APIRequestContext, token: string): Promise<ApiUser[]> {
  const response = await request.get(`${E2E.mainApi}/users`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { email: '.cgp0', 'order[email]': 'desc', itemsPerPage: 2 },
  });
  expect(response.ok()).toBe(true);
  return (await response.json())['hydra:member'] as ApiUser[];
}

async function importFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Utilisateurs');
  const stamp = Date.now();
  sheet.addRows([
    ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
    [`import.un.${stamp}@exemple.fr`, 'Un', 'Import', 'Communication', ''],
    [`import.deux.${stamp}@exemple.fr`, 'Deux', 'Import', 'Admin', ''],
    [`import.trois.${stamp}@exemple.fr`, 'Trois', 'Import', 'Communication', ''],
    ['pas-un-mail', 'Quatre', 'Import', 'Communication', ''],
    [`import.cinq.${stamp}@exemple.fr`, 'Cinq', 'Import', 'Profil inconnu', ''],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe('user administration', () => {
  test('an administrator imports, deletes, creates with the CGP lookup and deactivates users', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/administration/users`);
    await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeVisible();

    // Import: the preview lists every row before anything is written.
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des utilisateurs' });
    const file = await importFile();
    await dialog.getByLabel('Fichier (xls ou xlsx)').setInputFiles({
      name: 'utilisateurs.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await expect(dialog.getByText('3 lignes valides, 2 en erreur')).toBeVisible();
    await expect(
      dialog.getByText("E-mail : Cette valeur n'est pas une adresse email valide."),
    ).toBeVisible();
    await expect(
      dialog.getByText("Profil : Le profil « Profil inconnu » n'existe pas."),
    ).toBeVisible();
    // At 1280 px the preview has the room it needs: every column in view, no sideways scroll,
    // and no word broken letter by letter (a cell never takes more lines than it has words).
    const preview = dialog.getByRole('region', { name: 'Aperçu de l’import, ligne par ligne' });
    await preview.scrollIntoViewIfNeeded();
    for (const name of ['Ligne', 'Adresse e-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP', 'Erreurs'])
      await expect(preview.getByRole('columnheader', { name, exact: true })).toBeInViewport({
        ratio: 1,
      });
    expect(await preview.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    const broken = await preview.locator('td, th').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.textContent?.trim() ?? '';
        if (!text) return [];
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > text.split(/\s+/).length ? [text] : [];
      }),
    );
    expect(broken).toEqual([]);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Importer 3 utilisateurs' }).click();
    await expect(page.getByText('Les utilisateurs ont été importés.')).toBeVisible();

    // Their reset mails go out through the job queue and land in the outbox.
    const token = await sessionToken(page);
    const list = await request.get(`${E2E.mainApi}/users`, {
      headers: { Authorization: `Bearer ${token}` },
      params: { email: 'import.un.' },
    });
    const [one] = (await list.json())['hydra:member'] as ApiUser[];
    await expect
      .poll(async () => (await mailsTo(request, one!.email)).length, { timeout: 20_000 })
      .toBe(1);

    const [deleted, suspended] = await networkAgents(request, token);

    // Delete a network agent's account, then create it again with 'Rechercher ID CGP'.
    await page.goto(`${E2E.staffApp}/administration/users/${deleted!.id}`);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText("L'utilisateur a bien été supprimé.")).toBeVisible();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);

    await page.getByRole('link', { name: 'Créer un utilisateur' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users/create`);
    await page.getByLabel('Adresse e-mail').fill(deleted!.email);
    await page.getByLabel('Nom', { exact: true }).fill(deleted!.lastName);
    await page.getByLabel('Prénom').fill(deleted!.firstName);
    await page.getByLabel('Profil').selectOption({ label: 'Mandataire' });
    await page.getByRole('button', { name: 'Rechercher ID CGP' }).click();
    await expect(page.getByLabel('ID CGP')).toHaveValue(deleted!.cgpId!);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("L'utilisateur a bien été créé.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${deleted!.firstName} ${deleted!.lastName}`,
    );
    await expectAccessible(page);

    // A signed-in agent is deactivated: his next request signs him out.
    const other = await browser.newContext();
    const agentPage = await other.newPage();
    await signIn(agentPage, E2E.agentApp, suspended!.email, DEMO_PASSWORD);
    await expect(agentPage).not.toHaveURL(/\/login/);

    await page.goto(`${E2E.staffApp}/administration/users/${suspended!.id}`);
    await page.getByRole('button', { name: 'Désactiver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText("L'utilisateur a bien été désactivé.")).toBeVisible();
    await expect(page.getByText('Désactivé', { exact: true })).toBeVisible();

    await agentPage.goto(`${E2E.agentApp}/my/account`);
    await expect(agentPage).toHaveURL(/\/login/);
    await signIn(agentPage, E2E.agentApp, suspended!.email, DEMO_PASSWORD);
    await expect(agentPage).toHaveURL(`${E2E.agentApp}/forbidden`);
    await expect(agentPage.getByRole('dialog', { name: 'Compte suspendu' })).toContainText(
      E2E.supportEmail,
    );
    await other.close();

    // Saving his form gives his profile back (the spec's reactivation, a PATCH on his @id).
    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(page.getByLabel('Profil')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("L'utilisateur a bien été modifié.")).toBeVisible();
    await expect(page.getByText('Désactivé', { exact: true })).toBeHidden();
    const again = await browser.newContext();
    const back = await again.newPage();
    await signIn(back, E2E.agentApp, suspended!.email, DEMO_PASSWORD);
    await expect(back).not.toHaveURL(/\/(login|forbidden)/);
    await again.close();
  });
});

test.describe('prospects', () => {
  test('an agent creates a prospect with his RIC, downloads it back, and a renamed executable is refused', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { at: `/my-prospects` });
    await expect(page.getByRole('heading', { name: 'Mes prospects', level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Ajouter un prospect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un prospect' });
    await dialog.getByLabel('Nom', { exact: true }).fill('Testeur');
    await dialog.getByLabel('Prénom').fill('Exécutable');
    await dialog.getByLabel('Date de naissance').fill('02/03/1990');
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'ric.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]),
      });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      dialog.getByText(
        'Ce type de fichier n’est pas accepté : pdf, jpg, jpeg, png, doc, docx ou odt uniquement.',
      ),
    ).toBeVisible();

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'ric-testeur.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le prospect a bien été créé.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Testeur Exécutable', level: 1 })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger ric-testeur.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ric-testeur.pdf');
    expect((await readFile(await file.path())).equals(pdf)).toBe(true);
    await expectAccessible(page);
  });
});

test.describe('users grid from the keyboard', () => {
  test("'Se connecter en tant que' is reached and activated with the keyboard, in full view at 1280 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, {
      at: `/administration/users?lastName=Martin`,
    });
    const grid = page.getByRole('region', { name: 'Utilisateurs', exact: true });
    const action = grid.getByRole('button', { name: 'Se connecter en tant que Claire Martin' });
    await expect(action).toBeVisible();

    // The action column is whole inside the grid: no column cut off behind a sideways scroll.
    const header = grid.getByRole('columnheader', { name: 'Actions' });
    const region = await grid.boundingBox();
    for (const box of [await header.boundingBox(), await action.boundingBox()]) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(region!.x + region!.width + 1);
    }
    await expect(action).toBeInViewport({ ratio: 1 });
    const overflow = await grid
      // AG Grid's, or the first page's drawn without it.
      .locator('.ag-body-horizontal-scroll-viewport, [data-grid-scroll]')
      .evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Keyboard only: Tab into the grid, arrows to the row's action cell.
    await page.getByRole('button', { name: 'Filtrer' }).focus();
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      if (await grid.evaluate((element) => element.contains(document.activeElement))) break;
    }
    await page.keyboard.press('ArrowDown');
    const row = grid.getByRole('row', { name: /claire\.martin@reseau-patrimoine\.fr/ });
    const rowIndex = await row.first().getAttribute('row-index');
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    // Focused in the drawing shown: the first page's, or AG Grid's once it has taken over.
    const cell = grid.locator(
      `[role="row"][row-index="${rowIndex}"]:not([inert] *) [col-id="actions"]`,
    );
    for (
      let step = 0;
      step < 5 && !(await cell.evaluate((c) => c === document.activeElement));
      step += 1
    )
      await page.keyboard.press('ArrowDown');
    await expect(cell).toBeFocused();

    // Enter goes into the cell's controls, Escape comes back to the cell, F2 goes in again.
    await page.keyboard.press('Enter');
    await expect(action).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(action).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(cell).toBeFocused();
    await page.keyboard.press('F2');
    await expect(action).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();
    await page.getByRole('button', { name: 'Revenir à ma session' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
  });
});

import ExcelJS from 'exceljs';
import { expect, expectAccessible, gridColumn, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('customers', () => {
  test('an agent filters his customers by years and type, reloads, and exports the same rows', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes clients' })
      .click();
    await expect(page.getByRole('heading', { name: 'Mes clients', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des clients' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // An agent's own list has no agent column.
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toHaveCount(0);
    await expectAccessible(page);

    const year = new Date().getFullYear();
    const filters = page.getByRole('search', { name: 'Filtres des clients' });
    await filters.getByRole('button', { name: String(year) }).click();
    await filters.getByRole('button', { name: String(year - 1) }).click();
    await filters.getByLabel('Type de vente').selectOption('realEstate');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(
      `${E2E.agentApp}/my-customers?years=${year}%2C${year - 1}&type=realEstate`,
    );
    const total = page.getByText(/^\d[\d\s]* clients?$/);
    // The filtered list's count, not the one shown while it loads.
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    await expect(total).toBeVisible();
    const shown = await total.textContent();

    await page.reload();
    await expect(filters.getByRole('button', { name: String(year) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(filters.getByLabel('Type de vente')).toHaveValue('realEstate');
    await expect(total).toHaveText(shown!);

    // The export holds exactly the filtered list: its rows and its order.
    const names = await gridColumn(grid, 'lastName');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^clients_Martin_Claire_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(Number(shown!.replace(/\D/g, '')));
    const exported = (sheet.getColumn(2).values as unknown[]).slice(2, 2 + names.length);
    expect(exported).toEqual(names);
  });

  test('an agent opens a customer: information, both sale grids, narrowed by year', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    await page.goto(`${E2E.agentApp}/my-customers?type=investment`);
    const grid = page.getByRole('region', { name: 'Liste des clients' });
    const first = grid.locator('[col-id="lastName"][role="gridcell"] a').first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${E2E.agentApp}/my-customers/\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByRole('heading', { name: 'Informations' })).toBeVisible();
    const investments = page.getByRole('region', { name: 'Placements du client' });
    await expect(investments.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Immobilier' })).toBeVisible();
    await expectAccessible(page);

    // Its export: one sheet per kind of sale, as many investment rows as the grid shows.
    const shownRows = await investments.locator('[role="row"][row-index]').count();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^client_Martin_Claire_.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Immobilier', 'Placements']);
    expect(workbook.getWorksheet('Placements')!.actualRowCount - 1).toBe(shownRows);

    // A year long past: no sale, the grids say so.
    await page.getByRole('group', { name: 'Exercices' }).getByRole('button').nth(19).click();
    await expect(page).toHaveURL(/\?years=\d{4}$/);
    await expect(page.getByText('Aucun placement pour ces exercices.')).toBeVisible();
    await page.goBack();
    await expect(investments.getByRole('row').nth(1)).toBeVisible();

    // Another agent's customer is not found, whatever the id.
    await page.goto(`${E2E.agentApp}/my-customers/999999`);
    await expect(
      page.getByText("Ce client n'existe pas ou ne fait pas partie de vos clients."),
    ).toBeVisible();
  });

  test('staff see every customer with the agent column', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/customers?lastName=ma`);
    await expect(page.getByRole('heading', { name: 'Clients du réseau', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des clients' });
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toBeVisible();
    await expect(grid.getByRole('gridcell', { name: /\(CGP\d{4}\)/ }).first()).toBeVisible();
    await expect(page.getByRole('search').getByLabel('Nom', { exact: true })).toHaveValue('ma');
    await expectAccessible(page);
  });
});

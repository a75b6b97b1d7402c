import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('personal training', () => {
  test('an agent reads his trainings from the training service, filters them and exports mes_formation.xlsx', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes formations', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Mes formations', level: 1 })).toBeVisible();
    const total = page.getByRole('region', { name: /^Formations validées — exercice \d{4}$/ });
    await expect(total.getByText(/^\d+ \/ 10$/)).toBeVisible();

    const filters = page.getByRole('search', { name: 'Filtres de mes formations' });
    await filters.getByRole('button', { name: 'Tous' }).click();
    await filters.getByLabel('Statut participant').selectOption({ label: 'Consultant' });
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/year=tous/);
    await expect(page).toHaveURL(/role=TRAINED/);
    const grid = page.getByRole('region', { name: 'Liste de mes formations' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect
      .poll(async () => [
        ...new Set(
          await grid.locator('[col-id="status_participant"][role="gridcell"]').allTextContents(),
        ),
      ])
      .toEqual(['Consultant']);
    await expectAccessible(page);

    // One model only: its name in every row, its id in the URL.
    const model = filters.getByRole('checkbox').first();
    const name = (
      await model.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')
    ).trim();
    expect(name).not.toBe('');
    await model.check();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/models=\d+/);
    const count = Number(
      (await page.getByText(/^\d[\d\s]* participations?$/).textContent())!.replace(/\D/g, ''),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mes_formation.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(count);
    if (count > 0) {
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      const names = new Set(
        [
          ...(sheet.getColumn(headers.indexOf('Formation') + 1).values as string[]).slice(2),
          ...(sheet.getColumn(headers.indexOf('Événement') + 1).values as string[]).slice(2),
        ].filter(Boolean),
      );
      expect([...names]).toEqual([name]);
    }
    await expectAccessible(page);
  });
});

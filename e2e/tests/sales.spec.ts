import ExcelJS from 'exceljs';
import { expect, expectAccessible, gridColumn, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('sales', () => {
  test('staff filter investment sales with both sliders and a status, sort, page and export the same rows', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Ventes placement' })
      .click();
    await expect(page.getByRole('heading', { name: 'Ventes placement', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des ventes placement' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // Staff see the agent column; the exercice's totals are above the filters.
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /^Placements de l’exercice \d{4}$/ }),
    ).toBeVisible();
    await expectAccessible(page);

    const filters = page.getByRole('search', { name: 'Filtres des ventes placement' });
    await filters.getByLabel('Statut').selectOption('Validé');
    // Sliders with the keyboard: minimum amount up 5 steps of 1,000 €, maximum fee down 1 %.
    await filters.getByRole('slider', { name: 'Montant minimum' }).focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await filters.getByRole('slider', { name: 'Frais maximum' }).focus();
    for (let i = 0; i < 100; i += 1) await page.keyboard.press('ArrowLeft');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/status=Valid%C3%A9/);
    await expect(page).toHaveURL(/amount%5Bgte%5D=5000/);
    await expect(page).toHaveURL(/fee%5Blte%5D=4(&|$)/);

    await grid.getByRole('columnheader', { name: 'Montant' }).click();
    await expect(page).toHaveURL(/order%5Bamount%5D=asc/);
    const total = page.getByText(/^\d[\d\s]* ventes?$/);
    await expect(total).toBeVisible();
    const count = Number((await total.textContent())!.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(25);
    const amountsOf = async () =>
      (await gridColumn(grid, 'amount')).map((t) => Number(t.replace(/\D/g, '')));
    await expect.poll(async () => (await amountsOf()).length).toBe(25);
    const firstPage = await amountsOf();
    expect(firstPage.every((amount) => amount >= 5000)).toBe(true);
    expect([...firstPage].sort((a, b) => a - b)).toEqual(firstPage);

    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(async () => (await amountsOf())[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
    await page.reload();
    await expect(filters.getByLabel('Statut')).toHaveValue('Validé');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^placements_.+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Mandataire');
    expect(sheet.actualRowCount - 1).toBe(count);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const exported = (sheet.getColumn(header.indexOf('Montant') + 1).values as number[]).slice(2);
    expect(exported.slice(0, 25)).toEqual(firstPage);
    expect((sheet.getColumn(header.indexOf('Statut') + 1).values as string[]).slice(2)).toEqual(
      Array(count).fill('Validé'),
    );
  });

  test('an agent sees his own investment sales without the agent column, and the totals', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes ventes placement' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Mes ventes placement', level: 1 }),
    ).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des ventes placement' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: /^Placements de l’exercice \d{4}$/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-sales/investment`);
    await expectAccessible(page);

    // His own sales through both sliders and a status, sorted by amount, then exported.
    const filters = page.getByRole('search', { name: 'Filtres des ventes placement' });
    await filters.getByLabel('Statut').selectOption('Validé');
    await filters.getByRole('slider', { name: 'Montant minimum' }).focus();
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowRight');
    await filters.getByRole('slider', { name: 'Frais maximum' }).focus();
    for (let i = 0; i < 50; i += 1) await page.keyboard.press('ArrowLeft');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/amount%5Bgte%5D=2000/);
    await expect(page).toHaveURL(/fee%5Blte%5D=4\.5(&|$)/);
    await grid.getByRole('columnheader', { name: 'Montant' }).click();
    await expect(page).toHaveURL(/order%5Bamount%5D=asc/);
    const total = page.getByText(/^\d[\d\s]* ventes?$/);
    await expect(total).toBeVisible();
    const count = Number((await total.textContent())!.replace(/\D/g, ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const sheet = workbook.worksheets[0]!;
    // No agent column in his own file either; the same rows, in the same order.
    expect(sheet.getCell('A1').value).toBe('Client');
    expect(sheet.actualRowCount - 1).toBe(count);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const amounts = (sheet.getColumn(header.indexOf('Montant') + 1).values as number[]).slice(2);
    expect(amounts.every((amount) => amount >= 2000)).toBe(true);
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    expect(
      new Set((sheet.getColumn(header.indexOf('Statut') + 1).values as string[]).slice(2)),
    ).toEqual(new Set(count ? ['Validé'] : []));

    // A downline agent's sales (the team pages link there): his name, no client links, 'Retour'.
    await page.goto(`${E2E.agentApp}/my-team/CGP0002/investment`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Ventes placement — Julien Lefebvre');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toHaveCount(0);
    await expect(grid.locator('[col-id="client.lastName"] a')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-sales/investment`);
    // Beyond his downline the API refuses (403), and the page says why, with nothing else.
    await page.goto(`${E2E.agentApp}/my-team/CGP0003/investment`);
    await expect(page.getByRole('alert')).toHaveText(
      'Ce mandataire ne fait pas partie de votre équipe.',
    );
    await expect(page.getByRole('button', { name: 'Exporter' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('real-estate sales: staff filter by status and export, statuses as badges; an agent sees his own', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Ventes immobilier' })
      .click();
    await expect(page.getByRole('heading', { name: 'Ventes immobilier', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des ventes immobilier' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Mandataire' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /^Immobilier de l’exercice \d{4}$/ }),
    ).toBeVisible();
    await expectAccessible(page);

    const filters = page.getByRole('search', { name: 'Filtres des ventes immobilier' });
    await filters.getByLabel('Statut').selectOption('Acté');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/advStatus=Act%C3%A9/);
    const statuses = grid.locator('[col-id="advStatus"][role="gridcell"]');
    await expect.poll(async () => [...new Set(await statuses.allTextContents())]).toEqual(['Acté']);
    const total = page.getByText(/^\d[\d\s]* ventes?$/);
    const count = Number((await total.textContent())!.replace(/\D/g, ''));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    expect(workbook.worksheets[0]!.actualRowCount - 1).toBe(count);

    // The agent picker narrows to one agent: his CGP id in the URL, his name back after a reload.
    const agents = grid.locator('[col-id="consultant.lastname"][role="gridcell"]');
    const firstAgent = (await agents.first().textContent())!.trim();
    const [, name, idCgp] = /^(.*) \((.+)\)$/.exec(firstAgent)!;
    await filters.getByRole('combobox', { name: 'Mandataire' }).fill(name!);
    await page.getByRole('option', { name: new RegExp(idCgp!) }).click();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(new RegExp(`cgpId=${idCgp}`));
    await expect
      .poll(async () => [...new Set(await agents.allTextContents())])
      .toEqual([firstAgent]);
    await page.reload();
    await expect(filters.getByRole('combobox', { name: 'Mandataire' })).toHaveValue(name!);
    await expectAccessible(page);

    // The agent column leads to his sales, and 'Retour' to the list as it was left.
    await grid.getByRole('link', { name: firstAgent }).first().click();
    await expect(page).toHaveURL(`${E2E.staffApp}/sales/real-estate/team/${idCgp}`);
    await expect(
      page.getByRole('heading', { name: `Ventes immobilier — ${name}`, level: 1 }),
    ).toBeVisible();
    const team = page.getByRole('region', { name: 'Liste des ventes immobilier' });
    await expect(team.getByRole('row').nth(1)).toBeVisible();
    await expect(team.getByRole('columnheader', { name: 'Mandataire' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(/\/sales\/real-estate\?.*advStatus=Act%C3%A9/);
    await expect(page).toHaveURL(new RegExp(`cgpId=${idCgp}`));

    await page.getByRole('link', { name: 'Se déconnecter' }).click();
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes ventes immobilier' })
      .click();
    const mine = page.getByRole('region', { name: 'Liste des ventes immobilier' });
    await expect(mine.getByRole('row').nth(1)).toBeVisible();
    await expect(mine.getByRole('columnheader', { name: 'Mandataire' })).toHaveCount(0);
    const tool = page.getByRole('link', { name: 'Outil immobilier (nouvel onglet)' });
    await expect(tool).toHaveAttribute('href', /\/partners\/real-estate$/);
    await expect(tool).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
  });

  test('VLP reversals are styled; the agent summary shows his rank in Mes statistiques', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Ventes VLP' })
      .click();
    await expect(page.getByRole('heading', { name: 'Ventes VLP', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des ventes VLP' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await grid.getByRole('columnheader', { name: 'Montant' }).click();
    await expect(page).toHaveURL(/order%5Bamount%5D=asc/);
    const first = grid.locator('[col-id="amount"][role="gridcell"]').first();
    await expect(first).toHaveText(/^-/);
    await expect(first).toHaveClass(/text-danger/);
    await expect(
      page.getByRole('heading', { name: /^VLP validés de l’exercice \d{4}$/ }),
    ).toBeVisible();
    await expectAccessible(page);

    // The client column opens his record under the sales; 'Retour à la liste' comes back sorted.
    const client = grid.locator('[col-id="client.lastName"][role="gridcell"]').first();
    const clientName = (await client.textContent())!.trim();
    await client.getByRole('link').click();
    await expect(page).toHaveURL(/\/sales\/vlp\/clients\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      clientName.split(' ').at(-1)!,
    );
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await expect(page).toHaveURL(/\/sales\/vlp\?order%5Bamount%5D=asc$/);
    await expect(grid.locator('[col-id="amount"][role="gridcell"]').first()).toHaveText(/^-/);

    await page.getByRole('link', { name: 'Se déconnecter' }).click();
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Synthèse de mes ventes' })
      .click();
    const stats = page.getByRole('region', { name: 'Mes statistiques' });
    await expect(stats.getByText(/^\d+(er|e) sur \d[\d\s]*$/)).toBeVisible();
    await stats.getByLabel('Ventes').selectOption('investment');
    await stats.getByLabel('État').selectOption('finished');
    await expect(stats.getByText(/^\d+(er|e) sur \d[\d\s]*$/)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Suivi immobilier/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Suivi placement/ })).toBeVisible();
    await expectAccessible(page);
  });
});

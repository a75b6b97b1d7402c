import ExcelJS from 'exceljs';
import { expect, expectAccessible, gridColumn, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('teams', () => {
  test('an agent reads his team, filters it, exports it, and opens a godchild and his team', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon équipe', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Mon équipe', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /^Immobilier — exercice \d{4}$/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Placement — exercice \d{4}$/ })).toBeVisible();
    const direct = page.getByRole('region', { name: 'Liste des filleuls directs' });
    const all = page.getByRole('region', { name: 'Liste des mandataires des équipes' });
    await expect(direct.getByRole('link', { name: 'Julien Lefebvre (CGP0002)' })).toBeVisible();
    await expect(all.getByRole('row').nth(1)).toBeVisible();
    // Her whole downline is bigger than her direct godchildren.
    const count = async (region: typeof all) =>
      Number(
        (await region.getByText(/^\d[\d\s]* mandataires?$/).textContent())!.replace(/\D/g, ''),
      );
    const directSection = page.getByRole('region', { name: 'Mes filleuls directs' });
    const allSection = page.getByRole('region', { name: 'Toutes mes équipes' });
    expect(await count(allSection)).toBeGreaterThan(await count(directSection));
    await expect(page.getByRole('button', { name: 'Exporter l’équipe' })).toBeVisible();
    await expectAccessible(page);

    // Julien alone, by the agent filter: one row, in the URL, kept on reload.
    const filters = page.getByRole('search', { name: 'Filtrer les équipes' });
    await filters.getByRole('combobox', { name: 'Mandataire ou parrain' }).fill('Lefebvre Julien');
    await page.getByRole('option', { name: /CGP0002/ }).click();
    await filters.getByLabel('Afficher').selectOption('agent');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/cgpId=CGP0002/);
    await expect(page).toHaveURL(/type=agent/);
    await expect(allSection.getByText('1 mandataire', { exact: true })).toBeVisible();
    await expect(all.getByRole('link', { name: 'Julien Lefebvre (CGP0002)' })).toBeVisible();
    await page.reload();
    await expect(allSection.getByText('1 mandataire', { exact: true })).toBeVisible();

    // The team export follows the filter: Julien's row only.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter l’équipe' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^equipe_.+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('ID CGP');
    expect(sheet.actualRowCount).toBe(2);
    expect(sheet.getCell('A2').value).toBe('CGP0002');

    // Julien's detail: profile, his own figures, his godchildren, the way to his team.
    await filters.getByRole('button', { name: 'Réinitialiser' }).click();
    await direct.getByRole('link', { name: 'Julien Lefebvre (CGP0002)' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-team/CGP0002`);
    await expect(
      page.getByRole('heading', { name: 'Julien Lefebvre (CGP0002)', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Parrain : Claire Martin (CGP0001)')).toBeVisible();
    const profile = page.getByRole('region', { name: 'Informations' });
    await expect(profile.getByText('julien.lefebvre@reseau-patrimoine.fr')).toBeVisible();
    await expect(profile.getByRole('img', { name: /^Niveau [1-3] sur 3$/ })).toBeVisible();
    await expect(profile.getByRole('checkbox', { name: 'IOBSP' })).toBeDisabled();
    await expect(
      page
        .getByRole('region', { name: 'Liste des filleuls directs' })
        .getByRole('link', { name: 'Lucas Petit (CGP0004)' }),
    ).toBeVisible();
    await expectAccessible(page);
    // 'Retour' leads back to the team as it was left.
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-team`);
    await page.goBack();

    await page.getByRole('link', { name: 'Voir son équipe' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-team/CGP0002/team`);
    await expect(
      page.getByRole('heading', { name: 'Équipe de Julien Lefebvre', level: 1 }),
    ).toBeVisible();
    await expect(direct.getByRole('link', { name: 'Lucas Petit (CGP0004)' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my-team/CGP0002`);

    // Beyond her downline: one clear message, for the detail and for the team.
    await page.goto(`${E2E.agentApp}/my-team/CGP0003`);
    await expect(page.getByRole('alert')).toHaveText(
      'Ce mandataire ne fait pas partie de votre équipe.',
    );
    await page.goto(`${E2E.agentApp}/my-team/CGP0003/team`);
    await expect(page.getByRole('alert')).toHaveText(
      'Ce mandataire ne fait pas partie de votre équipe.',
    );
    await expectAccessible(page);
  });

  test('staff see every team with one export, sort them, and open an agent', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Équipes', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Équipes du réseau', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporter', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporter l’équipe' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Liste des filleuls directs' })).toHaveCount(0);
    const all = page.getByRole('region', { name: 'Liste des mandataires des équipes' });
    await expect(all.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await all.getByRole('columnheader', { name: 'VAVE' }).click();
    await expect(page).toHaveURL(/order%5Bvave%5D=asc/);
    await all.getByRole('columnheader', { name: 'VAVE' }).click();
    await expect(page).toHaveURL(/order%5Bvave%5D=desc/);
    const vave = async () =>
      (await gridColumn(all, 'vave')).map((text) => Number(text.replace(/[^\d-]/g, '')));
    await expect
      .poll(async () => {
        const values = await vave();
        return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
      })
      .toBe(true);
    // The first agent's detail, then back to the list as it was sorted.
    const first = all.locator('[row-index="0"] [col-id="fullName"] a');
    const name = (await first.textContent())!;
    const idCgp = /\((CGP\d+)\)$/.exec(name)![1];
    await first.click();
    await expect(page).toHaveURL(`${E2E.staffApp}/team/${idCgp}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Parrain : /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Informations' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(/\/team\?.*order%5Bvave%5D=desc/);

    // From a customer's record, his agent opens under the customer, and so do his sales.
    await page.goto(`${E2E.staffApp}/customers`);
    const customers = page.getByRole('region', { name: 'Liste des clients' });
    await customers.locator('[col-id="lastName"][role="gridcell"] a').first().click();
    await expect(page).toHaveURL(new RegExp(`${E2E.staffApp}/customers/\\d+$`));
    const customerUrl = page.url();
    const agentLink = page.getByRole('link', { name: /\(CGP\d+\)$/ });
    const agentName = (await agentLink.textContent())!;
    await agentLink.click();
    await expect(page).toHaveURL(new RegExp('/customers/\\d+/team/CGP\\d+$'));
    await expect(page.getByRole('heading', { name: agentName, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Voir ses ventes placement' }).click();
    await expect(page).toHaveURL(new RegExp('/customers/\\d+/team/CGP\\d+/investment$'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ventes placement — ');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(new RegExp('/customers/\\d+/team/CGP\\d+$'));
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(customerUrl);
  });

  test("an agent reads his team's trainings and events, filters them and exports the details", async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Formations de mon équipe' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Formations de mon équipe', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText(/^L’exercice \d{4} court du 1er novembre \d{4} au 31 octobre \d{4}\.$/),
    ).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filtres des formations de l’équipe' });
    // The current exercice is chosen at first; every exercice with 'Tous'.
    await expect(filters.getByRole('button', { name: 'Tous' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await filters.getByRole('button', { name: 'Tous' }).click();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/exercice=tous/);
    const counts = page.getByRole('region', { name: 'Formations et événements par consultant' });
    const details = page.getByRole('region', { name: 'Participations de l’équipe' });
    await expect(counts.getByRole('row').nth(1)).toBeVisible();
    await expect(counts.locator('[col-id="formations"][role="gridcell"]').first()).toHaveText(
      /^\d+ \/ 10$/,
    );
    await expect(details.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await filters.getByLabel('Statut participant').selectOption({ label: 'Animateur' });
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/statut_participant=HOST/);
    await expect
      .poll(async () => [
        ...new Set(
          await details.locator('[col-id="statutParticipant"][role="gridcell"]').allTextContents(),
        ),
      ])
      .toEqual(['Animateur']);
    const detailSection = page.getByRole('region', { name: 'Détail Equipe' });
    const total = Number(
      (await detailSection.getByText(/^\d[\d\s]* participations?$/).textContent())!.replace(
        /\D/g,
        '',
      ),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export détail équipe' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^detail_equipe_.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(total);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(sheet.getCell(2, headers.indexOf('Statut participant') + 1).value).toBe('Animateur');
    await expectAccessible(page);
  });
});

import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

/** Each page's figures, by the caption of their table; Placements last, for its filter and export. */
const PAGES = [
  {
    menu: 'Statistiques équipes',
    title: 'Statistiques équipes',
    figures: [
      'Nouveaux mandataires par mois',
      'Mandataires du réseau en fin de mois',
      'Activité des mandataires par mois',
    ],
  },
  {
    menu: 'Taux UC',
    title: 'Taux UC',
    figures: [
      'Montants placés par mois : unités de compte et hors UC',
      'Taux UC par mois (%)',
      'Taux UC par fournisseur (%)',
    ],
  },
  {
    menu: 'Statistiques immobilier',
    title: 'Statistiques immobilier',
    figures: [
      'Ventes optionnées dans l’année par statut',
      'Étapes franchies par mois',
      'Montant des ventes en cours ou signées par type',
    ],
  },
  {
    menu: 'Statistiques placements',
    title: 'Statistiques placements',
    figures: [
      'Volumes placés par mois',
      'Volumes et frais par fournisseur',
      'Volumes et frais des 10 premiers produits',
    ],
  },
];

test.describe('network statistics', () => {
  test('the staff home shows the network at a glance, each statistics page its charts, tables and export', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Accueil', exact: true }).click();

    // The dashboard: this year's sales by type against last year's, and the counts.
    const dashboard = page.getByRole('region', { name: 'Le réseau en un coup d’œil' });
    await expect(dashboard).toBeVisible();
    const sales = dashboard.getByRole('table', { name: /^Ventes par type/ });
    await expect(sales.getByRole('rowheader')).not.toHaveCount(0);
    await expect(dashboard.getByTestId('chart').locator('svg')).toBeVisible();
    await expect(
      dashboard.getByRole('link', { name: /Utilisateurs connectés cette semaine/ }),
    ).toBeVisible();
    await expect(dashboard.getByText('Dispatchs de factures en attente')).toBeVisible();
    await expectAccessible(page);
    await dashboard.getByRole('link', { name: /Nouveaux mandataires/ }).click();
    await expect(page).toHaveURL(/\/statistiques\/team$/);
    await expect(
      page.getByRole('heading', { name: 'Statistiques équipes', level: 1 }),
    ).toBeVisible();

    for (const { menu: label, title, figures } of PAGES) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      for (const caption of figures) {
        const figure = page.getByRole('figure', { name: caption });
        await expect(figure.getByRole('table', { name: caption })).toBeVisible();
        await expect(figure.getByTestId('chart').locator('svg')).toBeVisible();
      }
      await expectAccessible(page);
    }

    // Placements, filtered on one provider (in the URL), exported: one sheet per figure.
    await page.getByRole('combobox', { name: 'Fournisseur' }).selectOption('Corum');
    await expect(page).toHaveURL(/providerId=\d+/);
    const providers = page.getByRole('table', { name: 'Volumes et frais par fournisseur' });
    await expect(providers.getByRole('rowheader')).toHaveText(['Corum']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (Excel)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^statistiques_placements_\d{4}.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect(workbook.worksheets).toHaveLength(3);
    const byProvider = workbook.worksheets[1]!;
    expect(byProvider.getRow(1).values).toEqual([undefined, 'Fournisseur', 'Volume', 'Frais']);
    expect(byProvider.getRow(2).getCell(1).value).toBe('Corum');
    expect(Number(byProvider.getRow(2).getCell(2).value)).toBeGreaterThan(0);
  });
});

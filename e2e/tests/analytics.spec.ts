import type { Browser } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

/**
 * Julien opens the menu's page `name` and comes back home: PAGE /, CLICK + PAGE of it, CLICK +
 * PAGE / (a batch of 5, stored before this returns).
 */
async function visitAsJulien(browser: Browser, name: string) {
  const agentContext = await browser.newContext({ locale: 'fr-FR' });
  try {
    const agent = await agentContext.newPage();
    await signIn(agent, E2E.agentApp, DEMO.agent2);
    const menu = agent.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    const sent = agent.waitForResponse(
      (answer) => /\/sessions\/[^/]+\/events$/.test(answer.url()) && answer.status() === 204,
    );
    await menu.getByRole('link', { name }).click();
    await expect(agent.getByRole('heading', { name, level: 1 })).toBeVisible();
    await menu.getByRole('link', { name: 'Accueil' }).click();
    await sent;
  } finally {
    await agentContext.close();
  }
}

test.describe('usage analytics', () => {
  test("an agent's clicks show in the staff analytics of that user, every tab with its chart, table and export", async ({
    browser,
    page,
  }) => {
    // Julien's visit: PAGE /, CLICK + PAGE /my/account, CLICK + PAGE / (a batch of 5), and the
    // rest on tab close.
    await visitAsJulien(browser, 'Mon compte');

    await signIn(page, E2E.staffApp, DEMO.admin);
    const staffMenu = page.getByRole('navigation', { name: 'Menu principal' });
    await staffMenu.getByRole('link', { name: 'Suivi par utilisateur' }).click();
    await expect(
      page.getByRole('heading', { name: 'Suivi par utilisateur', level: 1 }),
    ).toBeVisible();
    // The seeded network has other Lefebvre: Julien's address names him alone.
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefebvre');
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.agent2);
    await page.getByRole('textbox', { name: 'Email' }).press('Enter');
    const grid = page.getByRole('region', { name: 'Liste des utilisateurs suivis' });
    await expect(grid.getByRole('link', { name: 'Lefebvre' })).toHaveCount(1);
    await grid.getByRole('link', { name: 'Lefebvre' }).click();
    await expect(
      page.getByRole('heading', { name: 'Suivi de Julien Lefebvre', level: 1 }),
    ).toBeVisible();

    const tabs = page.getByRole('navigation', { name: 'Vues du suivi' });
    // Connexions: his sign-in today, by day and by device.
    const days = page.getByRole('table', { name: 'Connexions par jour' });
    await expect(days.getByRole('row').last().getByRole('cell').first()).not.toHaveText('0');
    await expect(page.getByRole('table', { name: 'Appareils utilisés (sessions)' })).toContainText(
      'PC',
    );
    await expect(page.getByTestId('chart').first().locator('svg')).toBeVisible();
    await expectAccessible(page);

    // Détails par page: the pages he opened and what he clicked, then the export of his views.
    await tabs.getByRole('link', { name: 'Détails par page' }).click();
    // The seed's own events fill the top 10; his visit is in the export, every event of it.
    await expect(
      page.getByRole('table', { name: 'Pages les plus vues' }).getByRole('rowheader'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Éléments les plus cliqués' })).toBeVisible();
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les pages vues' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^suivi_pages_.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(5).value).toBe('Page');
    const pagesSeen = (sheet.getColumn(5).values as unknown[]).slice(2);
    expect(pagesSeen).toContain('Mon compte');
    expect(new Set((sheet.getColumn(4).values as unknown[]).slice(2))).toEqual(
      new Set([DEMO.agent2]),
    );

    await tabs.getByRole('link', { name: 'Documents' }).click();
    await expect(
      page.getByRole('figure', { name: 'Documents les plus téléchargés' }),
    ).toBeVisible();
    await expectAccessible(page);

    // The network's Top 50, a chart and a table each.
    await staffMenu.getByRole('link', { name: 'Suivi global' }).click();
    await expect(
      page.getByRole('table', { name: 'Top 50 des utilisateurs' }).getByRole('rowheader'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Top 50 des pages' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the Top 50 counts each page once, under its French title', async ({ browser, page }) => {
    // Issue 41: '/my/reminders' and 'Mes rappels' were two rows. Julien opens his reminders
    // (PAGE /, CLICK + PAGE /my/reminders, CLICK + PAGE /: a batch of 5, stored).
    await visitAsJulien(browser, 'Mes rappels');

    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Suivi global' })
      .click();
    const top = page.getByRole('table', { name: 'Top 50 des pages' });
    await expect(top.getByRole('rowheader', { name: 'Mes rappels', exact: true })).toHaveCount(1);
    const names = await top.getByRole('rowheader').allTextContents();
    // Every row a French title, none a path, and no title twice.
    expect(names.filter((name) => name.startsWith('/'))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Bibliothèque');
    await expectAccessible(page);
  });
});

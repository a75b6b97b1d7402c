import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import {
  agGridShown,
  expect,
  expectAccessible,
  gridColumn,
  signIn,
  test,
} from '../support/fixtures';
import { DEMO, E2E, DEMO_PASSWORD } from '../support/ports';

/** Where the keyboard focus is: 'grid' inside the data grid, else the focused element's name. */
const focusIn = (page: Page, grid: Locator) =>
  grid.evaluate((region) => {
    const active = document.activeElement;
    if (active && region.querySelector('[role="grid"], [role="treegrid"]')?.contains(active)) {
      const cell = active.closest('[col-id]');
      const row = active.closest('[row-index]')?.getAttribute('row-index') ?? 'header';
      return `grid ${row}:${cell?.getAttribute('col-id') ?? '?'}`;
    }
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? 'none';
  });

/** The list routes of each app, each showing a grid. */
const AGENT_LISTS = [
  '/my-customers',
  '/my-sales/real-estate',
  '/my-sales/investment',
  '/my-sales/vlp',
  '/my-team',
  '/my-team-sponsor',
  '/my-training-team',
];
const STAFF_LISTS = [
  '/customers',
  '/sales/real-estate',
  '/sales/investment',
  '/sales/vlp',
  '/team',
  '/administration/users',
  '/communication/notifications',
];

/** The page's first grid shows rows, or its empty message; no error anywhere. */
async function expectListShown(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const grid = main.getByRole('grid').or(main.getByRole('treegrid'));
  await expect(grid.or(main.getByRole('region').getByRole('status')).first()).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.getByRole('alert')).toHaveCount(0);
}

test.describe('lists', () => {
  test('a tampered URL shows every list with its defaults, and a page beyond the last shows the last', async ({
    page,
  }) => {
    // Sixteen lists in two apps, beside another worker's flows.
    test.setTimeout(180_000);
    // Malformed size and sorts fall back to the defaults (`page=-1` too: list-kit's unit tests).
    const tampered = '?page=99999&itemsPerPage=100000&order%5Bx%5D=up&order%5BlastName%5D=up';
    await signIn(page, E2E.agentApp, DEMO.agent);
    for (const [app, routes] of [
      [E2E.agentApp, AGENT_LISTS],
      [E2E.staffApp, STAFF_LISTS],
    ] as const) {
      if (app === E2E.staffApp) await signIn(page, E2E.staffApp, DEMO.admin);
      for (const route of routes) {
        await page.goto(`${app}${route}${tampered}`);
        await expectListShown(page);
        // Corrected in place once the total is known: the last page, or page 1 (left out).
        await expect(page).not.toHaveURL(/page=99999/);
      }
    }
  });

  test('staff customers: the grid is one Tab stop, headers read whole, export named in Paris time like the grid', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/customers` });
    const grid = page.getByRole('region', { name: 'Liste des clients' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();

    // WAI-ARIA grid: one Tab in, arrows inside, one Tab out.
    await page.getByRole('button', { name: 'Colonnes' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focusIn(page, grid)).toMatch(/^grid header:/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusIn(page, grid)).toMatch(/^grid 0:/);
    const first = await focusIn(page, grid);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusIn(page, grid)).not.toBe(first);
    await expect.poll(() => focusIn(page, grid)).toMatch(/^grid 0:/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusIn(page, grid)).toMatch(/^grid 1:/);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusIn(page, grid)).not.toMatch(/^grid/);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusIn(page, grid)).toMatch(/^grid 1:/);

    // Every header's full name: read whole on screen and as its accessible name, in AG Grid
    // (loaded by the focus above).
    await agGridShown(grid);
    const headers = grid.locator('.ag-header-cell[col-id]');
    const count = await headers.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index += 1) {
      const header = headers.nth(index);
      const text = header.locator('.ag-header-cell-text');
      if ((await text.count()) === 0) continue;
      const cut = await text.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, `header ${await text.textContent()} is cut`).toBe(false);
    }

    // The column chooser open is accessible.
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await expect(page.getByRole('group', { name: 'Colonnes affichées' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The export: a Paris-time stamp, and its name column in the grid's order and form.
    const names = (await gridColumn(grid, 'lastName')).slice(0, 10);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    const paris = (at: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Paris',
        dateStyle: 'short',
        timeStyle: 'short',
      })
        .format(at)
        .replace(' ', '_')
        .replace(':', '-');
    const now = Date.now();
    const stamps = [-60_000, 0, 60_000].map((shift) => paris(new Date(now + shift)));
    expect(stamps.some((stamp) => file.suggestedFilename().includes(stamp))).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const headerRow = (sheet.getRow(1).values as unknown[]).map(String);
    const nameColumn = headerRow.indexOf('Nom');
    expect(nameColumn).toBeGreaterThan(0);
    const exported = names.map((_, index) =>
      String(sheet.getRow(index + 2).getCell(nameColumn).value),
    );
    expect(exported).toEqual(names);
  });

  test('sales with the date picker open are accessible', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/sales/real-estate` });
    await expect(
      page
        .getByRole('region', { name: /Liste des ventes/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Choisir une date' }).first().click();
    await expect(page.locator('.rdp-root').first()).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });

  test('agent customers on a phone: filters folded behind one button, the name stays in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { at: `/my-customers?lastName=a` });
    const toggle = page.getByRole('button', { name: /^Filtres/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('1');
    await expect(page.getByRole('search')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('search')).toBeVisible();
    await expectAccessible(page);
    await toggle.click();

    const grid = page.getByRole('region', { name: 'Liste des clients' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    const firstName = grid.locator('[col-id="lastName"][role="gridcell"]').first();
    await expect(firstName).toBeInViewport();
    await grid
      .locator('.ag-center-cols-viewport, .ag-body-horizontal-scroll-viewport, [data-grid-scroll]')
      .first()
      .evaluate((viewport) => {
        viewport.scrollLeft = 600;
        viewport.dispatchEvent(new Event('scroll'));
      });
    await expect(firstName).toBeInViewport();
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The product's name in the header is whole, not 'Espace…'.
    const brand = page.getByRole('banner').getByText('Espace mandataire', { exact: true });
    expect(await brand.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
  });
});

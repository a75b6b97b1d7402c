import type { Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { holdRequests, layoutShift, watchLayoutShift } from '../support/layout-shift';
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

type Point = { x: number; y: number };

/** The texts a chart draws, each as the four corners of its box as drawn (slanted or not). */
async function chartTexts(figure: Locator) {
  const svg = figure.getByTestId('chart').locator('svg');
  await expect(svg.locator('text').first()).toBeAttached();
  return svg.evaluate((drawing: SVGSVGElement) => {
    const { left, right, top, bottom } = drawing.getBoundingClientRect();
    return {
      frame: { left, right, top, bottom },
      texts: [...drawing.querySelectorAll('text')]
        .filter((text) => (text.textContent ?? '').trim() !== '')
        .map((text) => {
          const box = text.getBBox();
          const matrix = text.getScreenCTM()!;
          const corner = (x: number, y: number) => {
            const point = new DOMPoint(x, y).matrixTransform(matrix);
            return { x: point.x, y: point.y };
          };
          return {
            text: text.textContent ?? '',
            corners: [
              corner(box.x, box.y),
              corner(box.x + box.width, box.y),
              corner(box.x + box.width, box.y + box.height),
              corner(box.x, box.y + box.height),
            ],
          };
        }),
    };
  });
}

type Drawn = Awaited<ReturnType<typeof chartTexts>>;

/** Whether two convex quadrilaterals overlap (by more than a pixel): no axis separates them. */
function overlap(a: Point[], b: Point[]): boolean {
  for (const shape of [a, b])
    for (const [i, p] of shape.entries()) {
      const q = shape[(i + 1) % shape.length]!;
      const axis = { x: q.y - p.y, y: p.x - q.x };
      const length = Math.hypot(axis.x, axis.y) || 1;
      const project = (points: Point[]) =>
        points.map((r) => (r.x * axis.x + r.y * axis.y) / length);
      const [pa, pb] = [project(a), project(b)];
      if (Math.max(...pa) - 1 <= Math.min(...pb) || Math.max(...pb) - 1 <= Math.min(...pa))
        return false;
    }
  return true;
}

/** Fails on an English number, a label drawn over another or one cut by the drawing's edge. */
function expectReadable({ frame, texts }: Drawn, name: string) {
  const english = texts.filter(({ text }) => /\d,\d{3}|\d\.\d+\s?%/.test(text));
  expect(
    english.map(({ text }) => text),
    `${name}: English numbers`,
  ).toEqual([]);
  const clipped = texts.filter(({ corners }) =>
    corners.some(
      ({ x, y }) =>
        x < frame.left - 1 || x > frame.right + 1 || y < frame.top - 1 || y > frame.bottom + 1,
    ),
  );
  expect(
    clipped.map(({ text }) => text),
    `${name}: labels cut by the chart's edge`,
  ).toEqual([]);
  const overlapping = texts.flatMap((a, i) =>
    texts
      .slice(i + 1)
      .filter((b) => overlap(a.corners, b.corners))
      .map((b) => `${a.text} / ${b.text}`),
  );
  expect(overlapping, `${name}: labels drawn over each other`).toEqual([]);
}

test.describe('network statistics', () => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ])
    test(`the staff home keeps its place while its figures and chart arrive (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, E2E.staffApp, DEMO.admin);
      await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();
      await watchLayoutShift(page);
      // The backend's answers, then the chart's chunks, each held until the skeleton is painted.
      const api = await holdRequests(page, (url) => url.origin === new URL(E2E.mainApi).origin);
      // echarts' chunks (the bar chart and the charts' core), not the frame drawn meanwhile.
      const chart = await holdRequests(page, /\/assets\/(bar-chart|chart-figure)-[^/]*\.js$/);
      await page.goto(`${E2E.staffApp}/accueil`);
      await api.reached;
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      api.release();
      const dashboard = page.getByRole('region', { name: 'Le réseau en un coup d’œil' });
      await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();
      await expect(dashboard.getByRole('link', { name: /Nouveaux mandataires/ })).toBeVisible();
      // echarts loads once the chart's frame comes into view (below the fold on a phone).
      // The frame is drawn again as the figures arrive: scroll to whichever is there.
      const frame = dashboard.getByRole('figure', { name: /^Ventes par type/ });
      await expect(() => frame.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
      await chart.reached;
      chart.release();
      await expect(dashboard.getByRole('table', { name: /^Ventes par type/ })).toBeVisible();
      await expect(dashboard.getByTestId('chart').locator('svg')).toBeVisible();
      const shift = await layoutShift(page);
      expect(shift.total, shift.moved.join('\n')).toBeLessThanOrEqual(0.05);
    });

  test('charts speak French: the home’s amounts in euros, no label over another, every month named in full at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E.staffApp, DEMO.admin);
    const sales = page.getByRole('figure', { name: /^Ventes par type/ });
    await expect(sales.getByRole('table')).toBeVisible();
    const home = await chartTexts(sales);
    expectReadable(home, '/accueil');
    // The amounts' axis as the table says them: '20 000 000 €' (U+202F groups, U+00A0 before €).
    expect(home.texts.map(({ text }) => text)).toContainEqual(
      expect.stringMatching(/^\d{1,3}(\u202f\d{3})+\u00a0€$/),
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${E2E.staffApp}/statistiques/taux-uc`);
    const rates = page.getByRole('figure', { name: 'Taux UC par mois (%)' });
    await expect(rates.getByRole('table')).toBeVisible();
    const drawn = await chartTexts(rates);
    expectReadable(drawn, 'Taux UC par mois');
    const months = await rates.getByRole('rowheader').allTextContents();
    expect(months.length).toBeGreaterThan(1);
    expect(drawn.texts.map(({ text }) => text)).toEqual(expect.arrayContaining(months));
    expect(drawn.texts.map(({ text }) => text)).toContainEqual(expect.stringMatching(/^\d+ %$/));
    await expectAccessible(page);
  });

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

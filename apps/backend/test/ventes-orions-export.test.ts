import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';
import {
  insertSalesFixture,
  type FixtureSale,
  type SalesFixture,
} from './helpers/sales-fixture.js';

let ctx: TestContext;
let fixture: SalesFixture;
let staff: string;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await insertSalesFixture(ctx.db);
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('GET /ventes_orions/export', () => {
  it('streams the filtered, sorted list with the agent column for staff', async () => {
    const response = await ctx.api(
      'GET',
      '/ventes_orions/export?status=Encours&order[amount]=desc',
      {
        token: staff,
      },
    );
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="placements_[^"]+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx"/,
    );
    const sheet = await sheetOf(response.raw);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Mandataire', 'Client', 'Produit']);
    const expected = fixture.sales
      .filter((s) => s.status === 'Encours')
      .sort((a, b) => b.amount - a.amount || b.id - a.id);
    expect(sheet.actualRowCount - 1).toBe(expected.length);
    const amounts = (sheet.getColumn(header.indexOf('Montant') + 1).values as unknown[]).slice(2);
    expect(amounts).toEqual(expected.map((s) => s.amount));
    const fee = sheet.getCell(2, header.indexOf('Frais') + 1);
    expect(fee.value).toBeCloseTo(expected[0]!.fee / 100, 6);
    expect(fee.numFmt).toBe('0.00 %');
  });

  it('gives an agent his own rows without the agent column, and refuses a bad filter before any byte', async () => {
    const mine = await ctx.api('GET', '/ventes_orions/export', { token: claire });
    const sheet = await sheetOf(mine.raw);
    expect(sheet.getCell('A1').value).toBe('Client');
    expect(sheet.actualRowCount - 1).toBe(
      fixture.sales.filter((s) => s.agentCgp === 'CGP0001').length,
    );
    const bad = await ctx.api('GET', '/ventes_orions/export?amount[gte]=beaucoup', {
      token: claire,
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-disposition']).toBeUndefined();
    expect(
      (await ctx.api('GET', '/ventes_orions/export?cgpId=CGP0099', { token: claire })).status,
    ).toBe(403);
  });
});

describe('GET /ventes_orions/year/{year}', () => {
  const totalsOf = (sales: FixtureSale[]) => {
    const sum = (keep: (s: FixtureSale) => boolean) =>
      sales.filter(keep).reduce((total, s) => total + s.amount, 0);
    const optionsTotal = sum((s) => s.status === 'Encours');
    const deedsTotal = sum((s) => s.status === 'Validé' || s.status === 'Terminé');
    return { optionsTotal, deedsTotal, total: optionsTotal + deedsTotal };
  };

  it('sums one exercice over the caller scope, cancelled sales nowhere', async () => {
    const year = fixture.sales[0]!.exercice;
    const network = await ctx.api('GET', `/ventes_orions/year/${year}`, { token: staff });
    expect(network.status).toBe(200);
    const inYear = fixture.sales.filter((s) => s.exercice === year);
    expect(network.body).toEqual({ year, ...totalsOf(inYear) });
    const own = await ctx.api('GET', `/ventes_orions/year/${year}`, { token: claire });
    expect(own.body).toEqual({ year, ...totalsOf(inYear.filter((s) => s.agentCgp === 'CGP0001')) });
    const downline = await ctx.api('GET', `/ventes_orions/year/${year}?cgpId=CGP0002`, {
      token: claire,
    });
    expect(downline.body).toEqual({
      year,
      ...totalsOf(inYear.filter((s) => s.agentCgp === 'CGP0002')),
    });
    const empty = await ctx.api('GET', '/ventes_orions/year/2001', { token: staff });
    expect(empty.body).toEqual({ year: 2001, optionsTotal: 0, deedsTotal: 0, total: 0 });
  });

  it('refuses a year out of range and an agent outside the downline', async () => {
    expect((await ctx.api('GET', '/ventes_orions/year/1999', { token: staff })).status).toBe(400);
    expect((await ctx.api('GET', '/ventes_orions/year/deux-mille', { token: staff })).status).toBe(
      400,
    );
    expect(
      (await ctx.api('GET', '/ventes_orions/year/2026?cgpId=CGP0099', { token: claire })).status,
    ).toBe(403);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialProducts, vlps } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture } from './helpers/sales-fixture.js';

interface Row {
  id: number;
  agentCgp: string;
  amount: number;
  processingDate: string;
  exercice: number;
}

let ctx: TestContext;
let rows: Row[];
let staff: string;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const fixture = await insertSalesFixture(ctx.db);
  const [product] = await ctx.db.select().from(financialProducts).limit(1);
  // Per agent: a VLP each exercice, and a reversal (negative amount) in 2026.
  const values = fixture.customers.slice(0, 12).map((customer, index) => ({
    agentId: fixture.agentIds.get(customer.agentCgp)!,
    customerId: customer.id,
    productId: product!.id,
    amount: index % 4 === 3 ? -1500 : 10_000 + index * 1000,
    fee: 1.5,
    processingDate: `2026-0${(index % 9) + 1}-15`,
    exercice: 2025 + (index % 2),
  }));
  const inserted = await ctx.db.insert(vlps).values(values).returning();
  rows = inserted.map((row, index) => ({
    id: row.id,
    agentCgp: fixture.customers[index]!.agentCgp,
    amount: Number(row.amount),
    processingDate: row.processingDate,
    exercice: row.exercice,
  }));
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);
const byExercice = (a: Row, b: Row) => a.exercice - b.exercice || a.id - b.id;

describe('GET /vlps', () => {
  it('lists 10 per page by exercice ascending, with negative amounts as they are', async () => {
    const response = await ctx.api('GET', '/vlps', { token: staff });
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(rows.length);
    expect(ids(response.body)).toEqual(
      [...rows]
        .sort(byExercice)
        .slice(0, 10)
        .map((r) => r.id),
    );
    const amounts = response.body['hydra:member'].map((m: { amount: number }) => m.amount);
    expect(amounts.some((amount: number) => amount < 0)).toBe(true);
  });

  it('filters on exercice and processing date, and keeps an agent to his own', async () => {
    const filtered = await ctx.api(
      'GET',
      '/vlps?exercice=2026&processingDate[after]=2026-03-01&processingDate[before]=2026-06-30',
      { token: staff },
    );
    expect(ids(filtered.body).sort()).toEqual(
      rows
        .filter(
          (r) =>
            r.exercice === 2026 &&
            r.processingDate >= '2026-03-01' &&
            r.processingDate <= '2026-06-30',
        )
        .map((r) => r.id)
        .sort(),
    );
    const own = await ctx.api('GET', '/vlps?itemsPerPage=50', { token: claire });
    expect(ids(own.body).sort()).toEqual(
      rows
        .filter((r) => r.agentCgp === 'CGP0001')
        .map((r) => r.id)
        .sort(),
    );
    expect((await ctx.api('GET', '/vlps?cgpId=CGP0099', { token: claire })).status).toBe(403);
    expect(
      (await ctx.api('GET', '/vlps?processingDate[after]=demain', { token: staff })).status,
    ).toBe(400);
  });

  it('sums an exercice, reversals included, and exports the same rows', async () => {
    const total = (keep: (r: Row) => boolean) =>
      rows.filter(keep).reduce((sum, r) => sum + r.amount, 0);
    const year = await ctx.api('GET', '/vlps/year/2026', { token: staff });
    expect(year.body).toEqual({ year: 2026, total: total((r) => r.exercice === 2026) });
    const mine = await ctx.api('GET', '/vlps/year/2026', { token: claire });
    expect(mine.body.total).toBe(total((r) => r.exercice === 2026 && r.agentCgp === 'CGP0001'));

    const file = await ctx.api('GET', '/vlps/export?exercice=2025', { token: staff });
    expect(String(file.headers['content-disposition'])).toMatch(/filename="vlp_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Mandataire');
    expect(sheet.actualRowCount - 1).toBe(rows.filter((r) => r.exercice === 2025).length);
  });
});

import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, realEstateSales } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture } from './helpers/sales-fixture.js';

interface Sale {
  id: number;
  agentCgp: string;
  customerId: number;
  advStatus: string;
  amount: number;
  lastAction: string;
  exercice: number;
}

let ctx: TestContext;
let sales: Sale[];
let staff: string;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertSalesFixture(ctx.db);
  // Distinct last actions and two exercices, so that order and bounds tell rows apart.
  const rows = await ctx.db.select().from(realEstateSales).orderBy(asc(realEstateSales.id));
  for (const [index, row] of rows.entries())
    await ctx.db
      .update(realEstateSales)
      .set({
        lastAction: `2025-01-${String(index + 1).padStart(2, '0')}`,
        exercice: 2025 + (index % 2),
      })
      .where(eq(realEstateSales.id, row.id));
  const joined = await ctx.db
    .select({ sale: realEstateSales, cgpId: agents.cgpId })
    .from(realEstateSales)
    .innerJoin(agents, eq(agents.id, realEstateSales.agentId));
  sales = joined.map(({ sale, cgpId }) => ({
    id: sale.id,
    agentCgp: cgpId,
    customerId: sale.customerId,
    advStatus: sale.advStatus,
    amount: Number(sale.amount),
    lastAction: sale.lastAction,
    exercice: sale.exercice,
  }));
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const list = (query: string, token = staff) =>
  ctx.api('GET', `/ventes_valoriciels?${query}`, { token });
const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);
const byLastActionDesc = (a: Sale, b: Sale) =>
  b.lastAction.localeCompare(a.lastAction) || b.id - a.id;
const expected = (keep: (s: Sale) => boolean, order = byLastActionDesc) =>
  sales
    .filter(keep)
    .sort(order)
    .map((s) => s.id);

describe('GET /ventes_valoriciels', () => {
  it('lists the network for staff, last action first, with the spec fields', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(expected(() => true));
    expect(response.body['hydra:member'][0]).toMatchObject({
      '@type': 'VenteValoriciel',
      advStatus: expect.any(String),
      lot: expect.any(String),
      option: null,
    });
  });

  it('filters on status, exercice, client and the last-action bounds, and sorts', async () => {
    const client = sales[0]!.customerId;
    const cases: [string, (s: Sale) => boolean][] = [
      ['advStatus=Acté', (s) => s.advStatus === 'Acté'],
      ['exercice=2026', (s) => s.exercice === 2026],
      [`client.id=${client}`, (s) => s.customerId === client],
      ['lastActionAfter=2025-01-05', (s) => s.lastAction >= '2025-01-05'],
      ['lastActionBefore=2025-01-05', (s) => s.lastAction <= '2025-01-05'],
      [
        'lastActionAfter=2025-01-03&lastActionBefore=2025-01-08&advStatus=Réservé',
        (s) =>
          s.lastAction >= '2025-01-03' && s.lastAction <= '2025-01-08' && s.advStatus === 'Réservé',
      ],
    ];
    for (const [query, keep] of cases) {
      const response = await list(query);
      expect(ids(response.body), query).toEqual(expected(keep));
    }
    const byExercice = await list('order[exercice]=desc&itemsPerPage=100');
    const exercices = byExercice.body['hydra:member'].map((m: { exercice: number }) => m.exercice);
    expect(exercices).toEqual([...exercices].sort((a, b) => b - a));
  });

  it('keeps an agent to his sales and his downline, and refuses bad values', async () => {
    expect(ids((await list('', claire)).body)).toEqual(expected((s) => s.agentCgp === 'CGP0001'));
    expect(ids((await list('cgpId=CGP0002', claire)).body)).toEqual(
      expected((s) => s.agentCgp === 'CGP0002'),
    );
    expect((await list('cgpId=CGP0099', claire)).status).toBe(403);
    expect((await list('lastActionAfter=hier')).status).toBe(400);
    expect((await list('advStatus=Vendu')).status).toBe(400);
  });
});

describe('GET /ventes_valoriciels/export and /year/{year}', () => {
  it('exports the same rows, without the agent column for an agent', async () => {
    const response = await ctx.api('GET', '/ventes_valoriciels/export?advStatus=Acté', {
      token: claire,
    });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/filename="immobilier_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Client');
    expect(sheet.actualRowCount - 1).toBe(
      sales.filter((s) => s.agentCgp === 'CGP0001' && s.advStatus === 'Acté').length,
    );
  });

  it('sums an exercice by status over the caller scope', async () => {
    const inYear = sales.filter((s) => s.exercice === 2025);
    const sum = (rows: Sale[], status: string) =>
      rows.filter((s) => s.advStatus === status).reduce((total, s) => total + s.amount, 0);
    const totalsOf = (rows: Sale[]) => {
      const encours = sum(rows, 'Optionné') + sum(rows, 'Réservé') + sum(rows, 'Financé');
      return {
        year: 2025,
        optionsTotal: sum(rows, 'Optionné'),
        bookingsTotal: sum(rows, 'Réservé'),
        finance: sum(rows, 'Financé'),
        encours,
        deedsTotal: sum(rows, 'Acté'),
        total: encours + sum(rows, 'Acté'),
      };
    };
    const network = await ctx.api('GET', '/ventes_valoriciels/year/2025', { token: staff });
    expect(network.body).toEqual(totalsOf(inYear));
    expect(network.body.bookingsTotal).toBeGreaterThan(0);
    const own = await ctx.api('GET', '/ventes_valoriciels/year/2025', { token: claire });
    expect(own.body).toEqual(totalsOf(inYear.filter((s) => s.agentCgp === 'CGP0001')));
    const refused = await ctx.api('GET', '/ventes_valoriciels/year/2025?cgpId=CGP0099', {
      token: claire,
    });
    expect(refused.status).toBe(403);
  });
});

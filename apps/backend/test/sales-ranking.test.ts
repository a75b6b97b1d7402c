import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, investmentSales, realEstateSales } from '../src/db/schema.js';
import { currentExercice } from '../src/domain/exercice.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture, type SalesFixture } from './helpers/sales-fixture.js';

let ctx: TestContext;
let fixture: SalesFixture;
let staff: string;
let claire: string;
const exercice = currentExercice();
beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await insertSalesFixture(ctx.db);
  // Every fixture sale in the current exercice, which the ranking reads.
  await ctx.db.update(investmentSales).set({ exercice });
  await ctx.db.update(realEstateSales).set({ exercice });
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

type Type = 'both' | 'realEstate' | 'investment';
type Statut = 'both' | 'finished' | 'pending';

/** The fixture's totals per agent id, computed here from the rows the fixture wrote. */
async function expectedTotals(type: Type, statut: Statut): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  const add = (agentId: number, amount: number) =>
    totals.set(agentId, (totals.get(agentId) ?? 0) + amount);
  if (type !== 'realEstate') {
    const keep = {
      finished: ['Validé', 'Terminé'],
      pending: ['Encours'],
      both: ['Validé', 'Terminé', 'Encours'],
    }[statut];
    for (const sale of fixture.sales)
      if (keep.includes(sale.status)) add(sale.agentId, sale.amount);
  }
  if (type !== 'investment') {
    const keep = {
      finished: ['Acté'],
      pending: ['Optionné', 'Réservé', 'Financé'],
      both: ['Acté', 'Optionné', 'Réservé', 'Financé'],
    }[statut];
    for (const sale of await ctx.db.select().from(realEstateSales))
      if (keep.includes(sale.advStatus)) add(sale.agentId, Number(sale.amount));
  }
  return totals;
}

describe('GET /sales/ranking/{consultantId}', () => {
  it('ranks every agent by his total of the exercice, for each sales type and status', async () => {
    const [{ agentsCount }] = (await ctx.db.select({ agentsCount: count() }).from(agents)) as [
      { agentsCount: number },
    ];
    const claireId = fixture.agentIds.get('CGP0001')!;
    for (const type of ['both', 'realEstate', 'investment'] as const)
      for (const statut of ['both', 'finished', 'pending'] as const) {
        const totals = await expectedTotals(type, statut);
        const mine = totals.get(claireId) ?? 0;
        const above = [...totals.values()].filter((total) => total > mine).length;
        const response = await ctx.api(
          'GET',
          `/sales/ranking/${claireId}?salesType=${type}&statut=${statut}`,
          { token: claire },
        );
        expect(response.status, `${type}/${statut}`).toBe(200);
        expect(response.body, `${type}/${statut}`).toEqual({
          rank: above + 1,
          totalAmount: mine,
          outOf: agentsCount,
          exercice,
        });
      }
  });

  it('lets an agent see himself and his downline only, and staff anyone', async () => {
    const outsider = fixture.agentIds.get('CGP0099')!;
    const downline = fixture.agentIds.get('CGP0004')!;
    expect((await ctx.api('GET', `/sales/ranking/${downline}`, { token: claire })).status).toBe(
      200,
    );
    const refused = await ctx.api('GET', `/sales/ranking/${outsider}`, { token: claire });
    expect(refused.status).toBe(403);
    expect((await ctx.api('GET', `/sales/ranking/${outsider}`, { token: staff })).status).toBe(200);
    expect((await ctx.api('GET', '/sales/ranking/999999', { token: staff })).status).toBe(404);
    // Another exercice: nobody sold anything in 2001, so everyone shares the first place.
    const past = await ctx.api('GET', `/sales/ranking/${downline}?exercice=2001`, {
      token: claire,
    });
    expect(past.body).toMatchObject({ rank: 1, totalAmount: 0, exercice: 2001 });
    const bad = await ctx.api('GET', `/sales/ranking/${downline}?salesType=tout`, { token: staff });
    expect(bad.status).toBe(400);
    const [row] = await ctx.db.select().from(agents).where(eq(agents.id, outsider));
    expect(row).toBeDefined();
  });
});

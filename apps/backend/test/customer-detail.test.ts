import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { componentProfiles, components, profiles } from '../src/db/schema.js';
import { useSalesWorld } from './helpers/sales-fixture.js';

const world = useSalesWorld();

describe('GET /clients/{id}', () => {
  it('gives the agent his customer with totals and both sale lists', async () => {
    const own = world.fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
    const response = await world.ctx.api('GET', `/clients/${own.id}`, { token: world.claire });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: own.id, clientLastName: own.lastName });
    const investments = world.fixture.sales.filter((s) => s.customerId === own.id);
    expect(response.body.investment).toHaveLength(investments.length);
    expect(response.body.investment[0]).toMatchObject({
      typeProduitsFin: { productName: expect.any(String), providerName: expect.any(String) },
      consultant: { idCgp: 'CGP0001' },
    });
    expect(Array.isArray(response.body.realEstate)).toBe(true);
  });

  it('narrows the sales and totals to the chosen exercices, and refuses a bad year', async () => {
    const sale = world.fixture.sales.find((s) => s.agentCgp === 'CGP0001')!;
    const all = await world.ctx.api('GET', `/clients/${sale.customerId}`, { token: world.claire });
    const exercices = (all.body.investment as { exercice: number }[]).map((s) => s.exercice);
    const year = exercices[0]!;
    const narrowed = await world.ctx.api('GET', `/clients/${sale.customerId}?years=${year}`, {
      token: world.claire,
    });
    expect(
      (narrowed.body.investment as { exercice: number }[]).every((s) => s.exercice === year),
    ).toBe(true);
    expect(narrowed.body.investment).toHaveLength(exercices.filter((e) => e === year).length);
    const none = await world.ctx.api('GET', `/clients/${sale.customerId}?years=1990`, {
      token: world.claire,
    });
    expect(none.body.investment).toEqual([]);
    expect(none.body.actedInvestmentsTotalAmount).toBe(0);
    const bad = await world.ctx.api('GET', `/clients/${sale.customerId}?years=19x0`, {
      token: world.claire,
    });
    expect(bad.status).toBe(400);
  });

  it('answers another agent’s customer as missing, and staff any', async () => {
    const other = world.fixture.customers.find((c) => c.agentCgp === 'CGP0099')!;
    expect(
      (await world.ctx.api('GET', `/clients/${other.id}`, { token: world.claire })).status,
    ).toBe(404);
    expect(
      (await world.ctx.api('GET', `/clients/${other.id}`, { token: world.staff })).status,
    ).toBe(200);
    expect((await world.ctx.api('GET', '/clients/999999', { token: world.staff })).status).toBe(
      404,
    );
  });

  it('leaves out a sale list whose component the caller lacks', async () => {
    const [mandataire] = await world.ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.name, 'ROLE_MANDATAIRE'));
    const [component] = await world.ctx.db
      .select()
      .from(components)
      .where(eq(components.name, 'customers_detail_investment'));
    const link = { profileId: mandataire!.id, componentId: component!.id };
    await world.ctx.db
      .delete(componentProfiles)
      .where(
        and(
          eq(componentProfiles.componentId, link.componentId),
          eq(componentProfiles.profileId, link.profileId),
        ),
      );
    try {
      const own = world.fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
      const token = await world.ctx.login('claire.martin@reseau-patrimoine.fr');
      const response = await world.ctx.api('GET', `/clients/${own.id}`, { token });
      expect(response.body.investment).toBeNull();
      expect(Array.isArray(response.body.realEstate)).toBe(true);
    } finally {
      await world.ctx.db.insert(componentProfiles).values(link).onConflictDoNothing();
    }
  });
});

describe('GET /clients/export/{id}', () => {
  it('gives the customer’s sales of those years, a sheet each, named after the caller', async () => {
    const sale = world.fixture.sales.find((s) => s.agentCgp === 'CGP0001')!;
    const response = await world.ctx.api('GET', `/clients/export/${sale.customerId}`, {
      token: world.claire,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="client_Martin_Claire_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Immobilier', 'Placements']);
    const investments = world.fixture.sales.filter((s) => s.customerId === sale.customerId);
    expect(workbook.getWorksheet('Placements')!.actualRowCount).toBe(investments.length + 1);
    const fee = workbook.getWorksheet('Placements')!.getCell('E2');
    expect(fee.numFmt).toBe('0.00 %');
    expect(Number(fee.value)).toBeLessThan(1);
  });

  it('answers another agent’s customer as missing and a bad year with a 400, before any file', async () => {
    const other = world.fixture.customers.find((c) => c.agentCgp === 'CGP0099')!;
    const foreign = await world.ctx.api('GET', `/clients/export/${other.id}`, {
      token: world.claire,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-disposition']).toBeUndefined();
    const own = world.fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
    const bad = await world.ctx.api('GET', `/clients/export/${own.id}?years=abcd`, {
      token: world.claire,
    });
    expect(bad.status).toBe(400);
  });
});

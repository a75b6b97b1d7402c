import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { customers, realEstateSales } from '../src/db/schema.js';
import { JULIEN } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture, type SalesFixture } from './helpers/sales-fixture.js';

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

const list = (query: string, token = staff) =>
  ctx.api('GET', `/clients/clients?${query}`, { token });
type Member = { id: number; clientLastName: string; clientFirstName: string };
const members = (body: { 'hydra:member': Member[] }) => body['hydra:member'];
const byName = (a: Member, b: Member) =>
  a.clientLastName.localeCompare(b.clientLastName) ||
  a.clientFirstName.localeCompare(b.clientFirstName) ||
  a.id - b.id;

describe('GET /clients/clients', () => {
  it('pages 10 customers by last then first name for staff', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(12);
    expect(members(response.body)).toHaveLength(10);
    const all = members((await list('itemsPerPage=50')).body);
    expect(all).toEqual([...all].sort(byName));
  });

  it('shows an agent only his own customers', async () => {
    const response = await list('itemsPerPage=50', claire);
    const own = fixture.customers.filter((c) => c.agentCgp === 'CGP0001').map((c) => c.id);
    expect(
      members(response.body)
        .map((m) => m.id)
        .sort(),
    ).toEqual(own.sort());
    for (const m of response.body['hydra:member']) expect(m.consultant.idCgp).toBe('CGP0001');
  });

  it('filters on names and zip code (contains, any case)', async () => {
    const last = await list('lastName=ROU&itemsPerPage=50');
    expect(members(last.body).every((m) => m.clientLastName === 'Roux')).toBe(true);
    expect(last.body['hydra:totalItems']).toBe(
      fixture.customers.filter((c) => c.lastName === 'Roux').length,
    );
    const first = await list('firstName=chlo&itemsPerPage=50');
    expect(first.body['hydra:totalItems']).toBe(4);
    // Accented capitals fold too, as `ilike` does.
    const accented = await list(`firstName=${encodeURIComponent('HLOÉ')}&itemsPerPage=50`);
    expect(accented.body['hydra:totalItems']).toBe(4);
    const zip = await list('zipCode=7600');
    expect(zip.body['hydra:totalItems']).toBe(3);
  });

  it('keeps the customers with sales of a type in the given exercices', async () => {
    const realEstate = await list('type=realEstate&itemsPerPage=50');
    expect(realEstate.body['hydra:totalItems']).toBe(4);
    const none = await list('type=realEstate&years=2019');
    expect(none.body['hydra:totalItems']).toBe(0);
    const years = [...new Set(fixture.sales.map((s) => s.exercice))].slice(0, 1);
    const investment = await list(`type=investment&years=${years.join(',')}&itemsPerPage=50`);
    const expected = new Set(
      fixture.sales.filter((s) => years.includes(s.exercice)).map((s) => s.customerId),
    );
    expect(
      members(investment.body)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...expected].sort());
    const anyType = await list('years=2025,2019&itemsPerPage=50');
    expect(anyType.body['hydra:totalItems']).toBeGreaterThanOrEqual(4);
    // Without a type: a sale of either kind in those exercices.
    const realEstateBuyers = await ctx.db
      .select({ id: realEstateSales.customerId })
      .from(realEstateSales)
      .where(inArray(realEstateSales.exercice, [2025, 2019]));
    const either = new Set([
      ...realEstateBuyers.map((r) => r.id),
      ...fixture.sales.filter((s) => [2025, 2019].includes(s.exercice)).map((s) => s.customerId),
    ]);
    expect(
      members(anyType.body)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...either].sort());
  });

  it('reads `years[]` as `years`: the same customers, and a bad one refused', async () => {
    const ids = async (query: string) =>
      members((await list(`${query}&itemsPerPage=50`)).body)
        .map((m) => m.id)
        .sort();
    expect(await ids('years[]=2025&years[]=2019')).toEqual(await ids('years=2025,2019'));
    expect(await ids('type=investment&years[]=2025')).toEqual(
      await ids('type=investment&years=2025'),
    );
    // `years` wins over `years[]` when both are given, as in the totals.
    expect(await ids('years=2019&years[]=2025')).toEqual(await ids('years=2019'));
    const bad = await list('years[]=1&years[]=2');
    expect(bad.status).toBe(400);
    expect(bad.body['hydra:description']).toMatch(/years/);
  });

  it('answers the totals and the surrounding reminders', async () => {
    const first = fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
    const response = await list(`clientId=CLI0000`, claire);
    const [customer] = response.body['hydra:member'];
    expect(customer.id).toBe(first.id);
    expect(customer.dueRealEstateTotalAmount).toBe(200_000);
    expect(customer.outstandingRealEstateTotalAmount).toBe(210_000);
    const own = fixture.sales.filter((s) => s.customerId === first.id);
    const sum = (statuses: string[]) =>
      own.filter((s) => statuses.includes(s.status)).reduce((t, s) => t + s.amount, 0);
    expect(customer.actedInvestmentsTotalAmount).toBe(sum(['Validé', 'Terminé']));
    expect(customer.outstandingInvestmentsTotalAmount).toBe(sum(['Encours']));
    expect(customer.lastReminder).toMatchObject({
      title: 'Bilan annuel',
      date: '2020-01-15T09:00:00Z',
    });
    expect(customer.nextReminder).toMatchObject({ title: 'Point retraite' });
  });

  it('gives each page its own exercices and scope, with a totals statement built once a shape', async () => {
    const invested = (customerId: number, years: number[] | null, statuses: string[]) =>
      fixture.sales
        .filter(
          (s) =>
            s.customerId === customerId &&
            (years === null || years.includes(s.exercice)) &&
            statuses.includes(s.status),
        )
        .reduce((t, s) => t + s.amount, 0);
    const check = async (query: string, token: string, years: number[] | null) => {
      const response = await list(`${query}&itemsPerPage=100`, token);
      expect(response.status).toBe(200);
      const rows = members(response.body) as (Member & Record<string, number>)[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.actedInvestmentsTotalAmount).toBe(
          invested(row.id, years, ['Validé', 'Terminé']),
        );
        expect(row.outstandingInvestmentsTotalAmount).toBe(invested(row.id, years, ['Encours']));
      }
      return rows.map((row) => row.id);
    };
    const exercices = [...new Set(fixture.sales.map((s) => s.exercice))].sort();
    expect(exercices.length).toBeGreaterThan(1);
    const julien = await ctx.login(JULIEN);
    // The same shapes (one exercice; none) one after the other, for staff and two agents.
    for (const token of [staff, claire, julien, staff, claire])
      for (const year of exercices) await check(`years=${year}`, token, [year]);
    const claires = await check('page=1', claire, null);
    const juliens = await check('page=1', julien, null);
    expect(juliens.filter((id) => claires.includes(id))).toEqual([]);
    await check(`years=${exercices.join(',')}`, claire, exercices);
  });

  it('sorts on a whitelisted field', async () => {
    const response = await list('order[zipCode]=desc&itemsPerPage=50');
    const zips = response.body['hydra:member'].map((m: { zipCode: string }) => m.zipCode);
    expect(zips).toEqual([...zips].sort().reverse());
  });

  it.each([
    'dueRealEstateTotalAmount',
    'outstandingRealEstateTotalAmount',
    'actedInvestmentsTotalAmount',
    'outstandingInvestmentsTotalAmount',
  ])('sorts on the total %s, over the exercices and sales it counts', async (total) => {
    for (const [query, token] of [
      [`order[${total}]=desc&itemsPerPage=100`, staff],
      [`order[${total}]=asc&itemsPerPage=100&years=2025`, claire],
    ] as const) {
      const response = await list(query, token);
      expect(response.status).toBe(200);
      const amounts = response.body['hydra:member'].map((m: Record<string, number>) => m[total]);
      const sorted = [...amounts].sort((a, b) => a - b);
      expect(amounts).toEqual(query.includes('desc') ? sorted.reverse() : sorted);
      // The network's list has customers with and without such sales: the order is not vacuous.
      if (token === staff) expect(new Set(amounts).size).toBeGreaterThan(1);
    }
  });

  it('answers every row with pagination=false, up to the cap of 500', async () => {
    const all = await list('pagination=false');
    expect(all.body['hydra:member']).toHaveLength(12);
    expect(all.body['hydra:view']).not.toHaveProperty('hydra:next');
    const agentId = fixture.agentIds.get('CGP0099')!;
    await ctx.db.insert(customers).values(
      Array.from({ length: 520 }, (_, i) => ({
        clientId: `BULK${i}`,
        agentId,
        lastName: `Zeller${String(i).padStart(3, '0')}`,
        firstName: 'Bulk',
      })),
    );
    const capped = await list('pagination=false');
    expect(capped.body['hydra:totalItems']).toBe(532);
    expect(capped.body['hydra:member']).toHaveLength(500);
    // A page asks for at most 100 rows, whatever itemsPerPage says.
    const clamped = await list('itemsPerPage=100000');
    expect(clamped.body['hydra:member']).toHaveLength(100);
    expect(clamped.body['hydra:view']['hydra:last']).toBe(
      '/clients/clients?itemsPerPage=100000&page=6',
    );
  });

  it.each(['years=20x5', 'years=2024,abc', 'type=vlp', 'birthDate[after]=31/12/2020', 'page=0'])(
    'answers a Hydra 400 to %s',
    async (query) => {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body['@type']).toBe('hydra:Error');
    },
  );
});

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
let julien: string;
beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await insertSalesFixture(ctx.db);
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
  julien = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const list = (query: string, token = staff) => ctx.api('GET', `/ventes_orions?${query}`, { token });
const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);
const byDateDesc = (a: FixtureSale, b: FixtureSale) =>
  b.subscriptionDate.localeCompare(a.subscriptionDate) || b.id - a.id;
const expected = (keep: (s: FixtureSale) => boolean, order = byDateDesc) =>
  fixture.sales
    .filter(keep)
    .sort(order)
    .map((s) => s.id);

describe('GET /ventes_orions — filters', () => {
  it('lists every sale for staff, newest subscription first, 25 per page', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(24);
    expect(ids(response.body)).toEqual(expected(() => true));
    const first = response.body['hydra:member'][0];
    expect(first['@id']).toBe(`/ventes_orions/${first.id}`);
    expect(first['@type']).toBe('VenteOrion');
    expect(first.consultant.idCgp).toMatch(/^CGP/);
    expect(first.typeProduitsFin).toHaveProperty('providerName');
  });

  it('filters exactly on status, operation, exercice, consultant.id and client.id', async () => {
    const sale = fixture.sales[5]!;
    const cases: [string, (s: FixtureSale) => boolean][] = [
      ['status=Encours', (s) => s.status === 'Encours'],
      ['operation=Versement', (s) => s.operation === 'Versement'],
      [`exercice=${sale.exercice}`, (s) => s.exercice === sale.exercice],
      [`consultant.id=${sale.agentId}`, (s) => s.agentId === sale.agentId],
      [`consultant.id=/consultants/${sale.agentId}`, (s) => s.agentId === sale.agentId],
      [`client.id=${sale.customerId}`, (s) => s.customerId === sale.customerId],
      ['status=', () => true],
    ];
    for (const [query, keep] of cases) {
      const response = await list(query);
      expect(ids(response.body), query).toEqual(expected(keep));
    }
  });

  it('filters on a list of values with field[]', async () => {
    const response = await list('status[]=Validé&status[]=Annulé');
    expect(ids(response.body)).toEqual(expected((s) => ['Validé', 'Annulé'].includes(s.status)));
  });

  it('filters partially and case-insensitively on product and provider names', async () => {
    const product = await list('typeProduitsFin.productName=pierre');
    expect(ids(product.body)).toEqual(expected((s) => s.productName === 'SCPI Pierre Rendement'));
    const provider = await list('typeProduitsFin.providerName=GENER');
    expect(ids(provider.body)).toEqual(expected((s) => s.providerName === 'Generali'));
    expect(provider.body['hydra:totalItems']).toBe(8);
  });

  it('filters on amount and fee ranges', async () => {
    const cases: [string, (s: FixtureSale) => boolean][] = [
      ['amount[gte]=5000&amount[lte]=9000', (s) => s.amount >= 5000 && s.amount <= 9000],
      ['amount[gt]=5000&amount[lt]=9000', (s) => s.amount > 5000 && s.amount < 9000],
      ['amount[between]=10000..12000', (s) => s.amount >= 10000 && s.amount <= 12000],
      ['fee[gte]=1.5', (s) => s.fee >= 1.5],
      ['fee[lt]=1', (s) => s.fee < 1],
    ];
    for (const [query, keep] of cases) {
      const response = await list(query);
      expect(ids(response.body), query).toEqual(expected(keep));
    }
  });

  it('filters on subscription date ranges, bounds included', async () => {
    const from = fixture.sales[3]!.subscriptionDate;
    const to = fixture.sales[9]!.subscriptionDate;
    const response = await list(`subscriptionDate[after]=${from}&subscriptionDate[before]=${to}`);
    expect(ids(response.body)).toEqual(
      expected((s) => s.subscriptionDate >= from && s.subscriptionDate <= to),
    );
    expect(response.body['hydra:totalItems']).toBe(7);
    const strict = await list(
      `subscriptionDate[strictly_after]=${from}&subscriptionDate[strictly_before]=${to}`,
    );
    expect(strict.body['hydra:totalItems']).toBe(5);
  });

  it('ignores unknown filters, as API Platform does', async () => {
    const response = await list('colour=blue&amount[around]=3');
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(24);
  });
});

describe('GET /ventes_orions — bad input', () => {
  it.each([
    'subscriptionDate[after]=2024-13-01',
    'subscriptionDate[before]=2024-02-30',
    'subscriptionDate[after]=yesterday',
    'amount[gte]=abc',
    'amount[between]=10..x',
    'fee[between]=3',
    'consultant.id=abc',
    'exercice=20x4',
    'order[amount]=up',
    'status=Perdu',
    'page=0',
    'page=-1',
    'itemsPerPage=0',
    'typeProduitsFin.productName=%00',
    'order[amount%00]=asc',
  ])('answers a Hydra 400 to %s', async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body['@type']).toBe('hydra:Error');
  });
});

describe('GET /ventes_orions — order', () => {
  it('sorts on a whitelisted field in both directions', async () => {
    const asc = await list('order[amount]=asc');
    expect(ids(asc.body)).toEqual(
      expected(
        () => true,
        (a, b) => a.amount - b.amount,
      ),
    );
    const desc = await list('order[amount]=desc');
    expect(ids(desc.body)).toEqual(
      expected(
        () => true,
        (a, b) => b.amount - a.amount,
      ),
    );
  });

  it('sorts on several fields in the order they are sent, the id breaking ties', async () => {
    const response = await list('order[status]=asc&order[amount]=desc');
    const order = (a: FixtureSale, b: FixtureSale) =>
      a.status.localeCompare(b.status, 'en') || b.amount - a.amount;
    const statuses = response.body['hydra:member'].map((m: { status: string }) => m.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(ids(response.body)).toEqual(expected(() => true, order));
  });

  it('sorts on a joined field', async () => {
    const response = await list('order[typeProduitsFin.providerName]=asc&itemsPerPage=100');
    const providers = response.body['hydra:member'].map(
      (m: { typeProduitsFin: { providerName: string } }) => m.typeProduitsFin.providerName,
    );
    expect(providers).toEqual([...providers].sort());
  });

  it.each(['secret', '__proto__', 'constructor', 'toString'])(
    'ignores the order field %s, outside the whitelist',
    async (field) => {
      const response = await list(`order[${field}]=asc`);
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(expected(() => true));
    },
  );
});

describe('GET /ventes_orions — paging', () => {
  it('builds hydra:view like API Platform and keeps the filters in the links', async () => {
    const response = await list('status=Validé&itemsPerPage=2&page=2');
    expect(response.body['hydra:totalItems']).toBe(6);
    expect(response.body['hydra:member']).toHaveLength(2);
    expect(response.body['hydra:view']).toEqual({
      '@id': '/ventes_orions?status=Valid%C3%A9&itemsPerPage=2&page=2',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/ventes_orions?status=Valid%C3%A9&itemsPerPage=2&page=1',
      'hydra:last': '/ventes_orions?status=Valid%C3%A9&itemsPerPage=2&page=3',
      'hydra:previous': '/ventes_orions?status=Valid%C3%A9&itemsPerPage=2&page=1',
      'hydra:next': '/ventes_orions?status=Valid%C3%A9&itemsPerPage=2&page=3',
    });
  });

  it('pages without overlap or gap', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      seen.push(...ids((await list(`itemsPerPage=5&page=${page}`)).body));
    }
    expect(seen).toEqual(expected(() => true));
  });

  it('answers an empty page past the end, with the true total', async () => {
    const response = await list('itemsPerPage=10&page=9');
    expect(response.status).toBe(200);
    expect(response.body['hydra:member']).toEqual([]);
    expect(response.body['hydra:totalItems']).toBe(24);
    expect(response.body['hydra:view']['hydra:previous']).toBe(
      '/ventes_orions?itemsPerPage=10&page=8',
    );
    expect(response.body['hydra:view']).not.toHaveProperty('hydra:next');
    expect(response.body['hydra:view']['hydra:last']).toBe('/ventes_orions?itemsPerPage=10&page=3');
  });

  it('clamps itemsPerPage to the maximum', async () => {
    const response = await list('itemsPerPage=100000');
    expect(response.status).toBe(200);
    expect(response.body['hydra:member']).toHaveLength(24);
    expect(response.body['hydra:view']['hydra:last']).toBe(
      '/ventes_orions?itemsPerPage=100000&page=1',
    );
  });

  it('ignores pagination=false on a resource that does not allow it', async () => {
    const response = await list('pagination=false');
    expect(response.body['hydra:member']).toHaveLength(24);
    expect(response.body['hydra:view']['hydra:first']).toBeDefined();
  });

  it('answers an empty collection with a single page', async () => {
    const response = await list('status=Encours&status[]=Validé&amount[gt]=999999');
    expect(response.body['hydra:totalItems']).toBe(0);
    expect(response.body['hydra:view']['hydra:last']).toMatch(/page=1$/);
  });
});

describe('GET /ventes_orions — data scope', () => {
  const cgpOf = (token: string) => (token === claire ? 'CGP0001' : 'CGP0002');

  it('shows an agent his own sales only', async () => {
    for (const token of [claire, julien]) {
      const response = await list('itemsPerPage=100', token);
      expect(ids(response.body)).toEqual(expected((s) => s.agentCgp === cgpOf(token)));
    }
  });

  it('lets an agent read his downline with cgpId', async () => {
    const direct = await list('cgpId=CGP0002', claire);
    expect(ids(direct.body)).toEqual(expected((s) => s.agentCgp === 'CGP0002'));
    const deeper = await list('cgpId=CGP0004', claire);
    expect(ids(deeper.body)).toEqual(expected((s) => s.agentCgp === 'CGP0004'));
  });

  it("refuses a cgpId outside the agent's tree with 403", async () => {
    for (const [token, cgpId] of [
      [claire, 'CGP0099'],
      [claire, 'CGP9999'],
      [julien, 'CGP0001'],
      [julien, 'CGP0099'],
    ] as const) {
      const response = await list(`cgpId=${cgpId}`, token);
      expect(response.status, cgpId).toBe(403);
      expect(response.body['hydra:description']).toBe('Accès refusé.');
    }
  });

  it('never widens the scope with consultant.id or client.id', async () => {
    const outsider = fixture.agentIds.get('CGP0099')!;
    const foreignSale = fixture.sales.find((s) => s.agentCgp === 'CGP0099')!;
    for (const query of [
      `consultant.id=${outsider}`,
      `consultant.id[]=${outsider}&consultant.id[]=${fixture.agentIds.get('CGP0002')}`,
      `client.id=${foreignSale.customerId}`,
      `cgpId=CGP0002&consultant.id=${outsider}`,
    ]) {
      const response = await list(query, claire);
      expect(response.status, query).toBe(200);
      expect(ids(response.body), query).toEqual([]);
    }
  });

  it('lets staff read any agent with cgpId', async () => {
    const response = await list('cgpId=CGP0099');
    expect(ids(response.body)).toEqual(expected((s) => s.agentCgp === 'CGP0099'));
    const unknown = await list('cgpId=CGP9999');
    expect(unknown.body['hydra:totalItems']).toBe(0);
  });

  it('answers 404 for a sale outside the scope, 200 inside', async () => {
    const own = fixture.sales.find((s) => s.agentCgp === 'CGP0001')!;
    const foreign = fixture.sales.find((s) => s.agentCgp === 'CGP0099')!;
    expect((await ctx.api('GET', `/ventes_orions/${own.id}`, { token: claire })).status).toBe(200);
    const hidden = await ctx.api('GET', `/ventes_orions/${foreign.id}`, { token: claire });
    expect(hidden.status).toBe(404);
    expect((await ctx.api('GET', `/ventes_orions/${foreign.id}`, { token: staff })).status).toBe(
      200,
    );
    expect((await ctx.api('GET', '/ventes_orions/999999', { token: staff })).status).toBe(404);
  });

  it('refuses callers without the sales components, and disabled accounts', async () => {
    const communication = await ctx.login('communication@reseau-patrimoine.fr');
    expect((await list('', communication)).status).toBe(403);
    const paul = await ctx.login('paul.durand@reseau-patrimoine.fr');
    expect((await list('', paul)).status).toBe(403);
  });
});

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agents,
  customers,
  dispatchInvoiceRequests,
  financialProducts,
  financialProviders,
  investmentSales,
  realEstateSales,
  realEstateSaleSteps,
} from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { todayInParis } from '../src/resources/statistics.js';
import { ADMIN, CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

/*
 * Known rows in years the demo seed leaves empty (2012 for the sales, 2001 for the agents),
 * so every figure below is computed by hand.
 */

let ctx: TestContext;
let admin: string;
let agent: string;
let providerId: number;
let agentId: number;
let customerId: number;

type Figure = {
  id: string;
  categories: string[];
  series: { name: string; values: number[] }[];
};

const figure = (body: { figures: Figure[] }, id: string) =>
  body.figures.find((candidate) => candidate.id === id)!;
/** The non-zero months of a series, as `{ month number: value }`. */
const months = (values: number[]) =>
  Object.fromEntries(values.flatMap((value, i) => (value ? [[i + 1, value]] : [])));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  agent = await ctx.login(CLAIRE);
  const { db } = ctx;
  // The test database holds the demo accounts only: one of their agents buys for a new customer.
  const [first] = await db.select({ id: agents.id }).from(agents).limit(1);
  agentId = first!.id;
  const [customer] = await db
    .insert(customers)
    .values({ clientId: 'CLITEST1', agentId, lastName: 'Client', firstName: 'Test' })
    .returning({ id: customers.id });
  customerId = customer!.id;
  const [provider] = await db
    .insert(financialProviders)
    .values({ name: 'Fournisseur Test' })
    .returning({ id: financialProviders.id });
  providerId = provider!.id;
  const [scpi, lifeInsurance] = await db
    .insert(financialProducts)
    .values([
      { providerId, name: 'Test SCPI', category: 'SCPI' },
      { providerId, name: 'Test AV', category: 'Assurance vie' },
    ])
    .returning({ id: financialProducts.id });
  let order = 0;
  const investment = (
    productId: number,
    day: string,
    operation: 'Souscription' | 'Versement',
    amount: number,
    fee: number,
    status: 'Validé' | 'Annulé' = 'Validé',
    type = 'SCPI',
  ) => ({
    orderNumber: `TEST-${++order}`,
    agentId,
    customerId,
    productId,
    type,
    operation,
    status,
    amount,
    fee,
    subscriptionDate: day,
    exercice: Number(day.slice(0, 4)),
  });
  await db
    .insert(investmentSales)
    .values([
      investment(scpi!.id, '2012-03-10', 'Souscription', 1000, 2),
      investment(lifeInsurance!.id, '2012-03-20', 'Versement', 3000, 1),
      investment(lifeInsurance!.id, '2012-05-05', 'Souscription', 500, 0, 'Annulé'),
      investment(scpi!.id, '2012-05-06', 'Souscription', 2000, 1.5),
    ]);
  const sale = (n: number, type: string, option: string, status: string, amount: number) => ({
    valoricielId: `TEST-RE-${n}`,
    agentId,
    customerId,
    type,
    lot: `Lot ${n}`,
    operationName: 'Programme Test',
    amount,
    baseRemuneration: amount / 20,
    advStatus: status as 'Acté',
    optionDate: option,
    lastAction: option,
    exercice: 2012,
  });
  const sales = await db
    .insert(realEstateSales)
    .values([
      sale(1, 'TestPinel', '2012-02-01', 'Acté', 200_000),
      sale(2, 'TestPinel', '2012-02-10', 'Désisté', 150_000),
      sale(3, 'TestLMNP', '2012-04-01', 'Réservé', 100_000),
    ])
    .returning({ id: realEstateSales.id });
  const [one, two, three] = sales.map((row) => row.id);
  await db.insert(realEstateSaleSteps).values([
    { saleId: one!, type: 'option', date: '2012-02-01' },
    { saleId: one!, type: 'booking', date: '2012-02-15' },
    { saleId: one!, type: 'deed', date: '2012-06-01' },
    { saleId: two!, type: 'option', date: '2012-02-10' },
    { saleId: two!, type: 'cancel', date: '2012-03-01' },
    { saleId: three!, type: 'option', date: '2012-04-01' },
    { saleId: three!, type: 'booking', date: '2012-04-20' },
  ]);
  const newcomer = (n: number, registerDate: string) => ({
    cgpId: `TEST${n}`,
    firstname: 'Nouveau',
    lastname: `Mandataire ${n}`,
    email: `nouveau${n}@example.test`,
    registerDate,
  });
  const [joined] = await db
    .insert(agents)
    .values([newcomer(1, '2001-03-05'), newcomer(2, '2001-03-20'), newcomer(3, '2001-07-01')])
    .returning({ id: agents.id });
  await db
    .insert(investmentSales)
    .values({ ...investment(scpi!.id, '2001-03-12', 'Souscription', 700, 1), agentId: joined!.id });
});
afterAll(() => ctx?.close());

const get = (path: string, token = admin) => ctx.api('GET', path, { token });
async function figures(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.body;
}

describe('statistics pages, aggregated in SQL', () => {
  it('answers the UC share by month and provider', async () => {
    const body = await figures(`/statistics/taux-uc?year=2012&providerId=${providerId}`);
    expect(body.year).toBe(2012);
    expect(body.providers).toContainEqual({ id: providerId, name: 'Fournisseur Test' });
    const amounts = figure(body, 'uc-amounts');
    expect(amounts.categories).toHaveLength(12);
    // The cancelled sale is left out; SCPI is UC, life insurance is not.
    expect(months(amounts.series[0]!.values)).toEqual({ 3: 1000, 5: 2000 });
    expect(months(amounts.series[1]!.values)).toEqual({ 3: 3000 });
    expect(months(figure(body, 'uc-rate-months').series[0]!.values)).toEqual({ 3: 25, 5: 100 });
    const providers = figure(body, 'uc-rate-providers');
    expect(providers.categories).toEqual(['Fournisseur Test']);
    expect(providers.series[0]!.values).toEqual([50]);
  });

  it('answers investment volumes and fees by month, provider and product', async () => {
    const body = await figures(`/statistics/investments?year=2012`);
    const byMonth = figure(body, 'investments-months');
    expect(months(byMonth.series[0]!.values)).toEqual({ 3: 1000, 5: 2000 });
    expect(months(byMonth.series[1]!.values)).toEqual({ 3: 3000 });
    const providers = figure(body, 'investments-providers');
    expect(providers.categories).toEqual(['Fournisseur Test']);
    // Fees: 1000 × 2 % + 3000 × 1 % + 2000 × 1.5 %.
    expect(providers.series.map((serie) => serie.values)).toEqual([[6000], [80]]);
    const products = figure(body, 'investments-products');
    expect(products.categories).toEqual(['Test AV', 'Test SCPI']);
    expect(products.series.map((serie) => serie.values)).toEqual([
      [3000, 3000],
      [30, 50],
    ]);
    const other = await figures(
      `/statistics/investments?year=2012&providerId=${providerId + 1000}`,
    );
    expect(figure(other, 'investments-providers').categories).toEqual([]);
  });

  it('answers the real-estate pipeline by status, step and type', async () => {
    const body = await figures('/statistics/real-estate?year=2012');
    expect(body.types).toEqual(expect.arrayContaining(['TestLMNP', 'TestPinel']));
    const statuses = figure(body, 'real-estate-statuses');
    expect(
      Object.fromEntries(statuses.categories.map((c, i) => [c, statuses.series[0]!.values[i]])),
    ).toEqual({
      Acté: 1,
      Financé: 0,
      Optionné: 0,
      Réservé: 1,
      VNR: 0,
      Désisté: 1,
    });
    const steps = figure(body, 'real-estate-steps');
    expect(
      Object.fromEntries(steps.series.map((serie) => [serie.name, months(serie.values)])),
    ).toEqual({
      Option: { 2: 2, 4: 1 },
      Réservation: { 2: 1, 4: 1 },
      'Accord bancaire': {},
      Acte: { 6: 1 },
      Désistement: { 3: 1 },
    });
    const types = figure(body, 'real-estate-types');
    expect(types.categories).toEqual(['TestLMNP', 'TestPinel']);
    expect(types.series[0]!.values).toEqual([100_000, 200_000]);
    const pinel = await figures('/statistics/real-estate?year=2012&type=TestPinel');
    expect(figure(pinel, 'real-estate-statuses').series[0]!.values).toEqual([1, 0, 0, 0, 0, 1]);
  });

  it('answers team growth and activity by month', async () => {
    const [before] = rowsOf<{ value: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as value from agents where register_date < '2001-01-01'`,
      ),
    );
    const base = Number(before!.value);
    const body = await figures('/statistics/team?year=2001');
    expect(months(figure(body, 'team-joined').series[0]!.values)).toEqual({ 3: 2, 7: 1 });
    expect(figure(body, 'team-size').series[0]!.values).toEqual(
      [0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3].map((joined) => base + joined),
    );
    const activity = figure(body, 'team-activity');
    expect(months(activity.series[0]!.values)).toEqual({ 3: 1 });
    expect(months(activity.series[1]!.values)).toEqual({});
  });

  it('shows no month to come: this year up to this month, nothing of a later year', async () => {
    // Relative to today (Paris): an agent joining in 40 days is not in the network yet.
    const today = todayInParis();
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const later = new Date(Date.parse(`${today}T12:00:00Z`) + 40 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await ctx.db.insert(agents).values({
      cgpId: 'TESTFUTUR',
      firstname: 'Futur',
      lastname: 'Mandataire',
      email: 'futur@example.test',
      registerDate: later,
    });
    const [network] = rowsOf<{ value: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as value from agents where register_date <= ${today}::date`,
      ),
    );
    const body = await figures(`/statistics/team?year=${year}`);
    for (const id of ['team-joined', 'team-size', 'team-activity']) {
      const monthly = figure(body, id);
      expect(monthly.categories, id).toHaveLength(month);
      for (const serie of monthly.series) expect(serie.values, id).toHaveLength(month);
    }
    expect(figure(body, 'team-size').series[0]!.values.at(-1)).toBe(network!.value);
    const next = await figures(`/statistics/investments?year=${year + 1}`);
    expect(figure(next, 'investments-months').categories).toEqual([]);
    // A past year keeps its twelve months.
    expect(
      figure(await figures('/statistics/team?year=2001'), 'team-size').categories,
    ).toHaveLength(12);
  });

  it('exports a page as an .xlsx, one sheet per figure', async () => {
    const response = await get(`/statistics/investments/export?year=2012&providerId=${providerId}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/statistiques_placements_2012/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toHaveLength(3);
    const products = workbook.worksheets[2]!;
    expect(products.getRow(1).values).toEqual([undefined, 'Produit', 'Volume', 'Frais']);
    expect(products.getRow(3).values).toEqual([undefined, 'Test SCPI', 3000, 50]);
    const uc = await get(`/statistics/taux-uc/export?year=2012&providerId=${providerId}`);
    const ucBook = new ExcelJS.Workbook();
    await ucBook.xlsx.load(uc.raw as unknown as ArrayBuffer);
    // Percentages as fractions, shown with the percent format.
    expect(ucBook.worksheets[2]!.getRow(2).values).toEqual([undefined, 'Fournisseur Test', 0.5]);
  });

  it('refuses bad parameters with a French message and agents with a 403', async () => {
    for (const path of [
      '/statistics/taux-uc?year=douze',
      '/statistics/investments?year=1999',
      '/statistics/investments?providerId=0',
      `/statistics/real-estate?type=${'x'.repeat(61)}`,
      '/statistics/team/export?year=3000',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.body['hydra:description'], path).toMatch(/[a-zé]/);
    }
    for (const path of [
      '/statistics/taux-uc',
      '/statistics/real-estate/export',
      '/statistics/investments',
      '/statistics/team',
      '/statistics/dashboard',
    ])
      expect((await get(path, agent)).status, path).toBe(403);
  });
});

describe('staff dashboard', () => {
  it('counts this year against last year and the pending work, for the pages held', async () => {
    const before = await figures('/statistics/dashboard');
    const today = todayInParis();
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const [product] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`select id from financial_products where name = 'Test AV'`),
    );
    await ctx.db.insert(investmentSales).values(
      [today, lastYear].map((day, i) => ({
        orderNumber: `DASH-${i}`,
        agentId,
        customerId,
        productId: Number(product!.id),
        type: 'Type Tableau de bord',
        operation: 'Souscription' as const,
        status: 'Validé' as const,
        amount: 1000 * (i + 1),
        fee: 1,
        subscriptionDate: day,
        exercice: Number(day.slice(0, 4)),
      })),
    );
    await ctx.db
      .insert(dispatchInvoiceRequests)
      .values({ invoicesFilePath: 'x.zip', mappingFilePath: 'x.xlsx' });
    const after = await figures('/statistics/dashboard');
    const sales = after.salesByType as Figure;
    const index = sales.categories.indexOf('Type Tableau de bord');
    expect(sales.series.map((serie) => [serie.name, serie.values[index]])).toEqual([
      [String(after.year - 1), 2000],
      [String(after.year), 1000],
    ]);
    expect(after.pendingDispatches).toBe(before.pendingDispatches + 1);
    expect(after.pendingModificationRequests).toEqual(expect.any(Number));
    expect(after.activeUsersThisWeek).toBeGreaterThanOrEqual(1);
    expect(after.newAgents).toEqual({
      thisYear: expect.any(Number),
      lastYear: expect.any(Number),
    });
    // Communication holds the staff home but none of the pages the figures link to.
    const communication = await ctx.login(COMMUNICATION);
    const theirs = await get('/statistics/dashboard', communication);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ year: after.year });
  });
});

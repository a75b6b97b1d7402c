import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { financialProducts, investmentSales, realEstateSales, vlps } from '../src/db/schema.js';
import { JULIEN, LUCAS } from './helpers/accounts.js';
import { useSalesWorld, type FixtureCustomer } from './helpers/sales-fixture.js';

/**
 * A customer's record shows the sales of the caller's scope only (his own and his downline's;
 * staff every one), while another agent of the network may have sold to the same customer; and
 * an agent's sales list names another agent's customer without his record's identifiers.
 *
 * On top of the sales fixture (Claire CGP0001 → Julien CGP0002 → Lucas CGP0004, Olivier CGP0099
 * outside): Julien's customer gets sales of Claire (his sponsor) and Olivier (outside) in
 * exercice 2019 and of Lucas (his downline) in 2018; Lucas's customer (a junior agent's) one of
 * Julien (his sponsor) in 2019; Claire sells to a customer of Olivier's and to one of Julien's.
 */
const world = useSalesWorld();

const FOREIGN_YEAR = 2019;
const DOWNLINE_YEAR = 2018;
let julien: string;
let lucas: string;
let julienCustomer: FixtureCustomer;
let lucasCustomer: FixtureCustomer;
let oliviersCustomer: FixtureCustomer;
let juliensOtherCustomer: FixtureCustomer;

const investment = (
  orderNumber: string,
  agent: string,
  customer: FixtureCustomer,
  amount: number,
  status: 'Validé' | 'Encours',
  exercice: number,
  productId: number,
) => ({
  orderNumber,
  agentId: world.fixture.agentIds.get(agent)!,
  customerId: customer.id,
  productId,
  type: 'Assurance vie',
  operation: 'Souscription' as const,
  status,
  amount,
  fee: 1.5,
  subscriptionDate: `${exercice - 1}-12-01`,
  exercice,
});

const realEstate = (
  valoricielId: string,
  agent: string,
  customer: FixtureCustomer,
  amount: number,
  advStatus: 'Acté' | 'Réservé',
  exercice: number,
) => ({
  valoricielId,
  agentId: world.fixture.agentIds.get(agent)!,
  customerId: customer.id,
  type: 'Pinel',
  lot: `Lot ${valoricielId}`,
  operationName: 'Le Clos',
  amount,
  baseRemuneration: 9000,
  advStatus,
  lastAction: `${exercice - 1}-12-01`,
  exercice,
});

beforeAll(async () => {
  const ofAgent = (cgp: string, index = 0) =>
    world.fixture.customers.filter((c) => c.agentCgp === cgp)[index]!;
  julienCustomer = ofAgent('CGP0002');
  juliensOtherCustomer = ofAgent('CGP0002', 1);
  lucasCustomer = ofAgent('CGP0004');
  oliviersCustomer = ofAgent('CGP0099');
  const [product] = await world.ctx.db.select().from(financialProducts).limit(1);
  const productId = product!.id;
  await world.ctx.db
    .insert(investmentSales)
    .values([
      investment(
        'ORD-SPONSOR',
        'CGP0001',
        julienCustomer,
        77_000,
        'Validé',
        FOREIGN_YEAR,
        productId,
      ),
      investment(
        'ORD-OUTSIDE',
        'CGP0099',
        julienCustomer,
        33_000,
        'Encours',
        FOREIGN_YEAR,
        productId,
      ),
      investment(
        'ORD-DOWNLINE',
        'CGP0004',
        julienCustomer,
        5_000,
        'Validé',
        DOWNLINE_YEAR,
        productId,
      ),
      investment(
        'ORD-JUNIOR-UP',
        'CGP0002',
        lucasCustomer,
        44_000,
        'Validé',
        FOREIGN_YEAR,
        productId,
      ),
      investment('ORD-CLAIRE-O', 'CGP0001', oliviersCustomer, 1_234, 'Validé', 2025, productId),
      investment('ORD-CLAIRE-J', 'CGP0001', juliensOtherCustomer, 4_321, 'Validé', 2025, productId),
    ]);
  await world.ctx.db
    .insert(realEstateSales)
    .values([
      realEstate('VAL-OUTSIDE', 'CGP0099', julienCustomer, 555_000, 'Acté', FOREIGN_YEAR),
      realEstate('VAL-DOWNLINE', 'CGP0004', julienCustomer, 150_000, 'Réservé', DOWNLINE_YEAR),
      realEstate('VAL-JUNIOR-UP', 'CGP0001', lucasCustomer, 480_000, 'Acté', FOREIGN_YEAR),
      realEstate('VAL-CLAIRE-O', 'CGP0001', oliviersCustomer, 300_000, 'Réservé', 2025),
    ]);
  await world.ctx.db.insert(vlps).values({
    agentId: world.fixture.agentIds.get('CGP0001')!,
    customerId: oliviersCustomer.id,
    productId,
    amount: 2_500,
    fee: 1,
    processingDate: '2025-02-01',
    exercice: 2025,
  });
  julien = await world.ctx.login(JULIEN);
  lucas = await world.ctx.login(LUCAS);
});

type Detail = {
  investment: { orderNumber: string; consultant: { idCgp: string } }[];
  realEstate: { valoricielId: string; consultant: { idCgp: string } }[];
  dueRealEstateTotalAmount: number;
  outstandingRealEstateTotalAmount: number;
  actedInvestmentsTotalAmount: number;
  outstandingInvestmentsTotalAmount: number;
};

const detail = async (customer: FixtureCustomer, token: string, query = '') => {
  const response = await world.ctx.api('GET', `/clients/${customer.id}${query}`, { token });
  expect(response.status).toBe(200);
  return response.body as Detail;
};
const orders = (body: Detail) => body.investment.map((s) => s.orderNumber);
const lots = (body: Detail) => body.realEstate.map((s) => s.valoricielId);
/** The fixture's own sales of the customer (all by his agent) that are validated or finished. */
const fixtureActed = (customer: FixtureCustomer) =>
  world.fixture.sales
    .filter((s) => s.customerId === customer.id && ['Validé', 'Terminé'].includes(s.status))
    .reduce((sum, s) => sum + s.amount, 0);
const fixtureOutstanding = (customer: FixtureCustomer) =>
  world.fixture.sales
    .filter((s) => s.customerId === customer.id && s.status === 'Encours')
    .reduce((sum, s) => sum + s.amount, 0);

async function workbookOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook;
}
function sheetRows(sheet: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('a customer’s record shows the sales of the caller’s scope only', () => {
  it('gives a junior agent neither his sponsors’ sales to his customer nor their totals', async () => {
    const body = await detail(lucasCustomer, lucas);
    expect(orders(body)).not.toContain('ORD-JUNIOR-UP');
    expect(lots(body)).not.toContain('VAL-JUNIOR-UP');
    expect(body.investment.every((s) => s.consultant.idCgp === 'CGP0004')).toBe(true);
    expect(body.realEstate.every((s) => s.consultant.idCgp === 'CGP0004')).toBe(true);
    expect(body.actedInvestmentsTotalAmount).toBe(fixtureActed(lucasCustomer));
    // The fixture's real estate of an agent's first customer: one Acté at 200,000.
    expect(body.dueRealEstateTotalAmount).toBe(200_000);
    const year = await detail(lucasCustomer, lucas, `?years=${FOREIGN_YEAR}`);
    expect(year.investment).toEqual([]);
    expect(year.realEstate).toEqual([]);
    expect(year.actedInvestmentsTotalAmount).toBe(0);
    expect(year.dueRealEstateTotalAmount).toBe(0);
  });

  it('gives an agent his downline’s sales to his customer, not his sponsor’s or an outsider’s', async () => {
    const body = await detail(julienCustomer, julien);
    expect(orders(body)).toContain('ORD-DOWNLINE');
    expect(orders(body)).not.toContain('ORD-SPONSOR');
    expect(orders(body)).not.toContain('ORD-OUTSIDE');
    expect(lots(body)).toContain('VAL-DOWNLINE');
    expect(lots(body)).not.toContain('VAL-OUTSIDE');
    expect(body.actedInvestmentsTotalAmount).toBe(fixtureActed(julienCustomer) + 5_000);
    expect(body.outstandingInvestmentsTotalAmount).toBe(fixtureOutstanding(julienCustomer));
    expect(body.dueRealEstateTotalAmount).toBe(200_000);
    expect(body.outstandingRealEstateTotalAmount).toBe(210_000 + 150_000);
  });

  it('gives staff every sale of the customer, whoever made it', async () => {
    const body = await detail(julienCustomer, world.staff);
    expect(orders(body)).toEqual(
      expect.arrayContaining(['ORD-SPONSOR', 'ORD-OUTSIDE', 'ORD-DOWNLINE']),
    );
    expect(lots(body)).toEqual(expect.arrayContaining(['VAL-OUTSIDE', 'VAL-DOWNLINE']));
    expect(body.actedInvestmentsTotalAmount).toBe(fixtureActed(julienCustomer) + 77_000 + 5_000);
    expect(body.outstandingInvestmentsTotalAmount).toBe(
      fixtureOutstanding(julienCustomer) + 33_000,
    );
    expect(body.dueRealEstateTotalAmount).toBe(200_000 + 555_000);
    const junior = await detail(lucasCustomer, world.staff);
    expect(orders(junior)).toContain('ORD-JUNIOR-UP');
    expect(lots(junior)).toContain('VAL-JUNIOR-UP');
  });

  it('exports the customer’s sales of the caller’s scope only', async () => {
    const response = await world.ctx.api('GET', `/clients/export/${julienCustomer.id}`, {
      token: julien,
    });
    expect(response.status).toBe(200);
    const workbook = await workbookOf(response.raw);
    const investments = sheetRows(workbook.getWorksheet('Placements')!).flat();
    expect(investments).toContain('ORD-DOWNLINE');
    expect(investments).not.toContain('ORD-SPONSOR');
    expect(investments).not.toContain('ORD-OUTSIDE');
    expect(investments.join(' ')).not.toMatch(/CGP0001|CGP0099/);
    const estate = sheetRows(workbook.getWorksheet('Immobilier')!).flat();
    expect(estate).toContain('VAL-DOWNLINE');
    expect(estate).not.toContain('VAL-OUTSIDE');

    const staff = await world.ctx.api('GET', `/clients/export/${julienCustomer.id}`, {
      token: world.staff,
    });
    const all = sheetRows((await workbookOf(staff.raw)).getWorksheet('Placements')!).flat();
    expect(all).toEqual(expect.arrayContaining(['ORD-SPONSOR', 'ORD-OUTSIDE', 'ORD-DOWNLINE']));
  });
});

describe('the customers list counts the sales of the caller’s scope only', () => {
  type Member = {
    id: number;
    actedInvestmentsTotalAmount: number;
    dueRealEstateTotalAmount: number;
  };
  const members = async (query: string, token: string) => {
    const response = await world.ctx.api('GET', `/clients/clients?itemsPerPage=100&${query}`, {
      token,
    });
    expect(response.status).toBe(200);
    return response.body['hydra:member'] as Member[];
  };
  const ids = (list: Member[]) => list.map((m) => m.id);

  it('totals only the agent’s and his downline’s sales (staff: all)', async () => {
    const own = (await members('', julien)).find((m) => m.id === julienCustomer.id)!;
    expect(own.actedInvestmentsTotalAmount).toBe(fixtureActed(julienCustomer) + 5_000);
    expect(own.dueRealEstateTotalAmount).toBe(200_000);
    const junior = (await members('', lucas)).find((m) => m.id === lucasCustomer.id)!;
    expect(junior.actedInvestmentsTotalAmount).toBe(fixtureActed(lucasCustomer));
    expect(junior.dueRealEstateTotalAmount).toBe(200_000);
    const agentId = world.fixture.agentIds.get('CGP0002')!;
    const seen = (await members(`consultant.id=${agentId}`, world.staff)).find(
      (m) => m.id === julienCustomer.id,
    )!;
    expect(seen.actedInvestmentsTotalAmount).toBe(fixtureActed(julienCustomer) + 82_000);
    expect(seen.dueRealEstateTotalAmount).toBe(755_000);
  });

  it('filters on activity with the agent’s and his downline’s sales only (staff: all)', async () => {
    for (const query of [
      `years=${FOREIGN_YEAR}`,
      `type=investment&years=${FOREIGN_YEAR}`,
      `type=realEstate&years=${FOREIGN_YEAR}`,
    ]) {
      expect(ids(await members(query, lucas)), query).toEqual([]);
      expect(ids(await members(query, julien)), query).toEqual([]);
      expect(ids(await members(query, world.staff)), query).toEqual(
        expect.arrayContaining([julienCustomer.id, lucasCustomer.id]),
      );
    }
    expect(ids(await members(`years=${DOWNLINE_YEAR}`, julien))).toEqual([julienCustomer.id]);
    expect(ids(await members(`type=realEstate&years=${DOWNLINE_YEAR}`, julien))).toEqual([
      julienCustomer.id,
    ]);
  });

  it('exports the same totals and activity', async () => {
    const response = await world.ctx.api('GET', '/clients/export', { token: julien });
    expect(response.status).toBe(200);
    const rows = sheetRows((await workbookOf(response.raw)).worksheets[0]!);
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('Nom')] === julienCustomer.lastName)!;
    expect(row[header.indexOf('Placements validés')]).toBe(fixtureActed(julienCustomer) + 5_000);
    expect(row[header.indexOf('Placements en cours')]).toBe(fixtureOutstanding(julienCustomer));
    expect(row[header.indexOf('Immobilier acté')]).toBe(200_000);
    const year = await world.ctx.api('GET', `/clients/export?years=${FOREIGN_YEAR}`, {
      token: julien,
    });
    expect(sheetRows((await workbookOf(year.raw)).worksheets[0]!)).toHaveLength(1);
    const staff = await world.ctx.api('GET', `/clients/export?years=${FOREIGN_YEAR}`, {
      token: world.staff,
    });
    const staffRows = sheetRows((await workbookOf(staff.raw)).worksheets[0]!);
    expect(staffRows.length).toBeGreaterThan(1);
  });
});

describe('an agent’s sales list names another agent’s customer without his record', () => {
  type Client = {
    '@id': string | null;
    id: number | null;
    clientId: string | null;
    fullName: string;
    lastName: string;
  };
  type Sale = { id: number; orderNumber?: string; valoricielId?: string; client: Client };
  const members = async (path: string, token: string) => {
    const response = await world.ctx.api('GET', path, { token });
    expect(response.status).toBe(200);
    return response.body['hydra:member'] as Sale[];
  };
  const hidden = (customer: FixtureCustomer) => ({
    '@id': null,
    id: null,
    clientId: null,
    fullName: `${customer.firstName} ${customer.lastName}`,
    lastName: customer.lastName,
  });

  it('keeps the name, not the identifiers, of a customer the agent cannot open', async () => {
    const sales = await members('/ventes_orions?itemsPerPage=100', world.claire);
    const toOlivier = sales.find((s) => s.orderNumber === 'ORD-CLAIRE-O')!;
    expect(toOlivier.client).toMatchObject(hidden(oliviersCustomer));
    // A downline agent's customer cannot be opened either (`GET /clients/{id}` is own-only).
    const toJulien = sales.find((s) => s.orderNumber === 'ORD-CLAIRE-J')!;
    expect(toJulien.client).toMatchObject(hidden(juliensOtherCustomer));
    // Her sales to her own customers (the fixture's); ORD-SPONSOR went to Julien's.
    const own = sales.filter((s) => /^ORD-\d+$/.test(s.orderNumber!));
    expect(sales.find((s) => s.orderNumber === 'ORD-SPONSOR')!.client).toMatchObject(
      hidden(julienCustomer),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const sale of own) {
      expect(sale.client.id).toEqual(expect.any(Number));
      expect(sale.client['@id']).toBe(`/clients/${sale.client.id}`);
      expect(sale.client.clientId).toEqual(expect.any(String));
      const opened = await world.ctx.api('GET', `/clients/${sale.client.id}`, {
        token: world.claire,
      });
      expect(opened.status).toBe(200);
    }
    const item = await world.ctx.api('GET', `/ventes_orions/${toOlivier.id}`, {
      token: world.claire,
    });
    expect(item.body.client).toMatchObject(hidden(oliviersCustomer));

    const estate = await members('/ventes_valoriciels?itemsPerPage=100', world.claire);
    expect(estate.find((s) => s.valoricielId === 'VAL-CLAIRE-O')!.client).toMatchObject(
      hidden(oliviersCustomer),
    );
    const vlp = await members('/vlps?itemsPerPage=100', world.claire);
    expect(vlp.find((s) => s.client.lastName === oliviersCustomer.lastName)!.client).toMatchObject(
      hidden(oliviersCustomer),
    );
  });

  it('gives staff every customer’s identifiers', async () => {
    const sales = await members('/ventes_orions?orderNumber=ORD-CLAIRE-O', world.staff);
    expect(sales[0]!.client).toMatchObject({
      '@id': `/clients/${oliviersCustomer.id}`,
      id: oliviersCustomer.id,
      clientId: expect.any(String),
    });
  });

  it('answers no sale for a client.id the agent cannot open, so ids cannot be probed', async () => {
    for (const path of ['/ventes_orions', '/ventes_valoriciels', '/vlps']) {
      expect(await members(`${path}?client.id=${oliviersCustomer.id}`, world.claire)).toEqual([]);
      expect(await members(`${path}?client.id=${juliensOtherCustomer.id}`, world.claire)).toEqual(
        [],
      );
      expect(
        (await members(`${path}?client.id=${oliviersCustomer.id}`, world.staff)).length,
      ).toBeGreaterThan(0);
    }
    expect(
      await members(`/ventes_orions?client.id[]=${oliviersCustomer.id}`, world.claire),
    ).toEqual([]);
    const own = world.fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
    expect((await members(`/ventes_orions?client.id=${own.id}`, world.claire)).length).toBe(
      world.fixture.sales.filter((s) => s.customerId === own.id).length,
    );
  });
});

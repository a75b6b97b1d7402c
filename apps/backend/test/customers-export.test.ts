import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.js';
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

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const listAll = async (query: string, token: string) =>
  (await ctx.api('GET', `/clients/clients?itemsPerPage=100&${query}`, { token })).body[
    'hydra:member'
  ] as { clientId: string; clientLastName: string }[];

describe('GET /clients/export', () => {
  it('gives the agent his own filtered list, in the list order, as a named attachment', async () => {
    const query = 'order[firstName]=desc';
    const response = await ctx.api('GET', `/clients/export?${query}`, { token: claire });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml\.sheet/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="clients_Martin_Claire_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    const rows = await sheetOf(response.raw);
    expect(rows[0]).toContain('Nom');
    expect(rows[0]).not.toContain('Mandataire');
    const listed = await listAll(query, claire);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((c) => c.clientId));
    const own = fixture.customers.filter((c) => c.agentCgp === 'CGP0001');
    expect(rows).toHaveLength(own.length + 1);
  });

  it('gives staff every customer with the agent column', async () => {
    const response = await ctx.api('GET', '/clients/export', { token: staff });
    const rows = await sheetOf(response.raw);
    expect(rows[0]).toContain('Mandataire');
    expect(rows).toHaveLength(fixture.customers.length + 1);
  });

  it('never widens an agent to another agent’s customers', async () => {
    const other = fixture.agentIds.get('CGP0099');
    const response = await ctx.api('GET', `/clients/export?consultant.id=${other}`, {
      token: claire,
    });
    expect(response.status).toBe(200);
    expect(await sheetOf(response.raw)).toHaveLength(1);
  });

  it('refuses a bad filter with a French 400 before any file', async () => {
    const response = await ctx.api('GET', '/clients/export?years=20x5', { token: claire });
    expect(response.status).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body['hydra:description']).toMatch(/years/);
    expect((await ctx.api('GET', '/clients/export?type=autre', { token: claire })).status).toBe(
      400,
    );
  });

  it('writes formula-like names as inert text', async () => {
    const [first] = fixture.customers.filter((c) => c.agentCgp === 'CGP0001');
    await ctx.db
      .update(customers)
      .set({ lastName: '=HYPERLINK("http://x","clic")' })
      .where(eq(customers.id, first!.id));
    const response = await ctx.api('GET', '/clients/export', { token: claire });
    const rows = await sheetOf(response.raw);
    expect(rows.flat()).toContain(`'=HYPERLINK("http://x","clic")`);
  });
});

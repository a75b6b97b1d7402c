import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.js';
import { useSalesWorld } from './helpers/sales-fixture.js';

const world = useSalesWorld();

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const listAll = async (query: string, token: string) =>
  (await world.ctx.api('GET', `/clients/clients?itemsPerPage=100&${query}`, { token })).body[
    'hydra:member'
  ] as { clientId: string; clientLastName: string }[];

describe('GET /clients/export', () => {
  it('gives the agent his own filtered list, in the list order, as a named attachment', async () => {
    const query = 'order[firstName]=desc';
    const response = await world.ctx.api('GET', `/clients/export?${query}`, {
      token: world.claire,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml\.sheet/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="clients_Martin_Claire_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    const rows = await sheetOf(response.raw);
    expect(rows[0]).toContain('Nom');
    expect(rows[0]).not.toContain('Mandataire');
    const listed = await listAll(query, world.claire);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((c) => c.clientId));
    const own = world.fixture.customers.filter((c) => c.agentCgp === 'CGP0001');
    expect(rows).toHaveLength(own.length + 1);
  });

  it('gives staff every customer with the agent column', async () => {
    const response = await world.ctx.api('GET', '/clients/export', { token: world.staff });
    const rows = await sheetOf(response.raw);
    expect(rows[0]).toContain('Mandataire');
    expect(rows).toHaveLength(world.fixture.customers.length + 1);
  });

  it('never widens an agent to another agent’s customers', async () => {
    const other = world.fixture.agentIds.get('CGP0099');
    const response = await world.ctx.api('GET', `/clients/export?consultant.id=${other}`, {
      token: world.claire,
    });
    expect(response.status).toBe(200);
    expect(await sheetOf(response.raw)).toHaveLength(1);
  });

  it('refuses a bad filter with a French 400 before any file', async () => {
    const response = await world.ctx.api('GET', '/clients/export?years=20x5', {
      token: world.claire,
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body['hydra:description']).toMatch(/years/);
    expect(
      (await world.ctx.api('GET', '/clients/export?type=autre', { token: world.claire })).status,
    ).toBe(400);
  });

  it('writes formula-like names as inert text', async () => {
    const [first] = world.fixture.customers.filter((c) => c.agentCgp === 'CGP0001');
    await world.ctx.db
      .update(customers)
      .set({ lastName: '=HYPERLINK("http://x","clic")' })
      .where(eq(customers.id, first!.id));
    const response = await world.ctx.api('GET', '/clients/export', { token: world.claire });
    const rows = await sheetOf(response.raw);
    expect(rows.flat()).toContain(`'=HYPERLINK("http://x","clic")`);
  });
});

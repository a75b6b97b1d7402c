import { exportColumns } from '@portal/api/generated/columns';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useSalesWorld } from './helpers/sales-fixture.js';

// One declaration of an export's columns (the contract's `x-columns`): the file's header row is
// exactly it, in its order, and names read as the list's `fullName` does.

const world = useSalesWorld();

async function sheets(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
}

const EXPORTS = [
  ['/clients/export', exportColumns.exportCustomers],
  ['/ventes_orions/export', exportColumns.exportVentesOrions],
  ['/ventes_valoriciels/export', exportColumns.exportVentesValoriciels],
  ['/vlps/export', exportColumns.exportVlps],
] as const;

describe("exports' columns", () => {
  it.each(EXPORTS)(
    '%s writes the contract’s headers, the agent’s for staff only',
    async (path, headers) => {
      const staff = await sheets((await world.ctx.api('GET', path, { token: world.staff })).raw);
      expect(staff[0]![0]).toEqual(Object.values(headers));
      const agent = await sheets((await world.ctx.api('GET', path, { token: world.claire })).raw);
      expect(agent[0]![0]).toEqual(Object.values(headers).filter((h) => h !== headers.agent));
    },
  );

  it("writes a customer's two sheets with the contract's headers", async () => {
    const sale = world.fixture.sales.find((s) => s.agentCgp === 'CGP0001')!;
    const response = await world.ctx.api('GET', `/clients/export/${sale.customerId}`, {
      token: world.claire,
    });
    const [realEstate, investment] = await sheets(response.raw);
    const { exportCustomer } = exportColumns;
    expect(realEstate![0]).toEqual(Object.values(exportCustomer.realEstate));
    expect(investment![0]).toEqual(Object.values(exportCustomer.investment));
  });

  it('names the client and the agent as the list does', async () => {
    const list = await world.ctx.api('GET', '/ventes_orions?itemsPerPage=5&order[exercice]=asc', {
      token: world.staff,
    });
    const members = list.body['hydra:member'] as {
      client: { fullName: string };
      consultant: { fullName: string; idCgp: string };
    }[];
    const [rows] = await sheets(
      (
        await world.ctx.api('GET', '/ventes_orions/export?order[exercice]=asc', {
          token: world.staff,
        })
      ).raw,
    );
    const headers = rows![0] as string[];
    const agent = headers.indexOf(exportColumns.exportVentesOrions.agent);
    const client = headers.indexOf(exportColumns.exportVentesOrions.client);
    expect(rows!.slice(1, 6).map((row) => [row[agent], row[client]])).toEqual(
      members.map((m) => [`${m.consultant.fullName} (${m.consultant.idCgp})`, m.client.fullName]),
    );
  });
});

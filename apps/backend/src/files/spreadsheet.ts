import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { unprocessable } from '../http/errors.js';
import { emailViolation, INVALID_DATE } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { listZip, readZip, type ZipReadOptions, ZipRefusal } from './zip.js';

/**
 * Spreadsheets sent by users (the user import, the invoice dispatch mapping…), read into typed
 * rows with a French verdict per row.
 *
 * Only xls (BIFF in an OLE2 compound file) and xlsx (a zip) are read, recognised by their
 * content, never by their name. Everything that costs is bounded before SheetJS runs: the file's
 * bytes; for an xlsx its zip directory (entries, inflated size, ratio, local headers agreeing
 * with the directory), then every part inflated once as a stream to check that it is what the
 * directory declared, and the first sheet's declared dimension. SheetJS then reads the first
 * sheet only, at most `maxRows` rows past the header, without formulas (cached values only), HTML
 * or formatted text, in dense mode.
 *
 * The header row is the first of the sheet's first ten rows naming the most expected columns;
 * headers match without regard to case, accents, spaces or punctuation (`Prénom` = `prenom`,
 * `cgpId` = `CGP ID`). Each column declares its type; every cell is checked and a row carries
 * its errors instead of failing the file. Refusals of the file itself are French 422s on `field`.
 *
 * No value carries a NUL (U+0000, written raw or as the OOXML escape `_x0000_`): PostgreSQL text
 * cannot hold it, and a query sent with one fails. Such a cell is an error of its row
 * (`cellForbiddenCharacter`), which `assertStorable` turns into a refusal of the whole file.
 */

export type CellType = 'text' | 'email' | 'integer' | 'number' | 'date' | 'boolean';

/** What each type reads as: dates are calendar days `YYYY-MM-DD`. */
export interface CellValues {
  text: string;
  email: string;
  integer: number;
  number: number;
  date: string;
  boolean: boolean;
}

export interface ColumnSpec<K extends string = string> {
  /** The name of the value in `values`. */
  key: K;
  /** The headers that name this column (the first is the one shown in messages). */
  headers: readonly string[];
  type: CellType;
  /** An empty cell is an error ('Ce champ est obligatoire.'); a missing header is reported. */
  required?: boolean;
  /** text and email: longest value, in characters. */
  maxLength?: number;
  /** integer and number: bounds, included. */
  min?: number;
  max?: number;
}

export type RowValues<C extends readonly ColumnSpec[]> = {
  [S in C[number] as S['key']]: CellValues[S['type']] | null;
};

export interface CellError {
  /** The column's key. */
  key: string;
  /** The column's header as written in the file (the spec's first header when it is missing). */
  column: string;
  message: string;
}

export interface SheetRow<V> {
  /** 1-based row number in the sheet, as the spreadsheet shows it. */
  line: number;
  /** Each column's value; null when empty, invalid or when the column is missing. */
  values: V;
  errors: CellError[];
}

export interface SpreadsheetResult<V> {
  format: 'xls' | 'xlsx';
  /** Non-empty rows below the header, in order. */
  rows: SheetRow<V>[];
  /** First header of each required column the file lacks. */
  missingHeaders: string[];
  /** 1-based row number of the header row (0 when the sheet is empty). */
  headerLine: number;
}

export interface SpreadsheetLimits {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Most rows below the header. */
  maxRows: number;
  /** Most columns of the sheet. */
  maxColumns: number;
  /** xlsx: most bytes once its parts are inflated. */
  maxUncompressedBytes: number;
  /** xlsx: highest inflated / compressed ratio of a part above 1 MiB. */
  maxRatio: number;
  /** xlsx: most parts in the zip. */
  maxEntries: number;
}

export const SPREADSHEET_LIMITS: Readonly<SpreadsheetLimits> = {
  maxBytes: 5 * 1024 ** 2,
  maxRows: 5_000,
  maxColumns: 50,
  maxUncompressedBytes: 32 * 1024 ** 2,
  maxRatio: 100,
  maxEntries: 1_000,
};

export interface SpreadsheetOptions extends Partial<SpreadsheetLimits> {
  /** The request field the file came in, named by the 422 violations (default `file`). */
  field?: string;
}

/** The file: its bytes, a local path, or anything with a size and a stream (a `StagedFile`). */
export type SpreadsheetSource = Buffer | string | { size: number; open(): Promise<Readable> };

/** How many rows at the top of the sheet may come before the header row. */
const HEADER_SCAN = 10;
const OLE2_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ZIP_SIGNATURE = Buffer.from('504b0304', 'hex');
const END_OF_DIRECTORY = Buffer.from('504b0506', 'hex');
const ZIP64_LOCATOR = 0x07064b50;
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const CONTENT_TYPES = '[Content_Types].xml';
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/** How much of the workbook parts and of each sheet is kept to find the dimension. */
const WORKBOOK_HEAD_BYTES = 1024 ** 2;
const SHEET_HEAD_BYTES = 16 * 1024;
/** Excel's last day (9999-12-31) as a serial number. */
const LAST_SERIAL = 2_958_465;

interface Settings extends SpreadsheetLimits {
  field: string;
}

const refuse = (settings: Settings, message: string) =>
  unprocessable([{ propertyPath: settings.field, message }]);

/** SheetJS's date helpers (typed `any` by the package). */
const ssf = XLSX.SSF as {
  is_date(format: string): boolean;
  parse_date_code(
    value: number,
    options?: { date1904?: boolean },
  ): { y: number; m: number; d: number } | null;
};

/** `Prénom` → `prenom`, `ID CGP` → `idcgp`, `Année` → `annee`. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

async function bytesOf(source: SpreadsheetSource, settings: Settings): Promise<Buffer> {
  const checkSize = (size: number) => {
    if (size === 0) throw refuse(settings, messages.fileEmpty);
    if (size > settings.maxBytes) throw refuse(settings, messages.fileTooLarge);
  };
  if (Buffer.isBuffer(source)) {
    checkSize(source.length);
    return source;
  }
  if (typeof source === 'string') {
    checkSize((await stat(source)).size);
    const bytes = await readFile(source);
    checkSize(bytes.length);
    return bytes;
  }
  checkSize(source.size);
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = await source.open();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > settings.maxBytes) {
      stream.destroy();
      throw refuse(settings, messages.fileTooLarge);
    }
    chunks.push(chunk);
  }
  checkSize(size);
  return Buffer.concat(chunks);
}

const startsWith = (bytes: Buffer, signature: Buffer) =>
  bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(signature);

/**
 * SheetJS finds the end of the zip directory by the last signature in the file and reads the
 * entry count at offset 8; yauzl stops at the first signature whose comment fits and reads it at
 * offset 10, or follows a zip64 locator. Only when they agree is what yauzl checked what SheetJS
 * will read.
 */
function directoryAgrees(bytes: Buffer): boolean {
  const at = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (at < 0 || at + 22 > bytes.length) return false;
  if (at + 22 + bytes.readUInt16LE(at + 20) !== bytes.length) return false;
  if (at >= 20 && bytes.readUInt32LE(at - 20) === ZIP64_LOCATOR) return false;
  return bytes.readUInt16LE(at + 8) === bytes.readUInt16LE(at + 10);
}

/** What yauzl said about the xlsx's zip, in a spreadsheet's words. */
function asSpreadsheetRefusal(error: unknown, settings: Settings): unknown {
  if (!(error instanceof ZipRefusal)) return error;
  switch (error.reason) {
    case 'size':
    case 'ratio':
    case 'entries':
      return refuse(settings, messages.spreadsheetTooLarge);
    case 'encrypted':
      return refuse(settings, messages.spreadsheetProtected);
    default:
      return refuse(settings, messages.spreadsheetUnreadable);
  }
}

/** The first `max` bytes of a stream as text; the rest is read (and checked) but not kept. */
async function headOf(stream: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size < max) chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(tag)?.[1];

/** The path of the workbook's first sheet, from `xl/workbook.xml` and its relationships. */
function firstSheetPath(workbook: string, rels: string): string | null {
  const sheet = /<(?:\w+:)?sheet\s[^>]*>/.exec(workbook)?.[0];
  const id = sheet && attribute(sheet, '(?:\\w+:)?id');
  if (!id) return null;
  for (const [relationship] of rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
    if (attribute(relationship, 'Id') !== id) continue;
    const target = attribute(relationship, 'Target');
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
  }
  return null;
}

/** Rows and columns a sheet declares in `<dimension ref="A1:C5000"/>`, when it does. */
function declaredShape(sheetHead: string): { rows: number; columns: number } | null {
  const dimension = /<(?:\w+:)?dimension\s[^>]*>/.exec(sheetHead)?.[0];
  const ref = dimension && attribute(dimension, 'ref');
  if (!ref) return null;
  const range = XLSX.utils.decode_range(ref.toUpperCase());
  const rows = range.e.r + 1;
  const columns = range.e.c + 1;
  return Number.isFinite(rows) && Number.isFinite(columns) ? { rows, columns } : null;
}

/**
 * The xlsx's zip, checked before SheetJS sees it: directory and local headers (no bomb, no lie
 * SheetJS would trust), every part inflated once as a stream, then the declared dimension.
 */
async function checkXlsx(bytes: Buffer, settings: Settings): Promise<void> {
  if (!directoryAgrees(bytes)) throw refuse(settings, messages.spreadsheetUnreadable);
  const zipOptions: ZipReadOptions = {
    field: settings.field,
    maxEntries: settings.maxEntries,
    maxTotalBytes: settings.maxUncompressedBytes,
    maxRatio: settings.maxRatio,
    ratioFloorBytes: 1024 ** 2,
    strictLocalHeaders: true,
  };
  const parts = new Map<string, string>();
  try {
    const names = new Set((await listZip(bytes, zipOptions)).map((entry) => entry.name));
    if (!names.has(CONTENT_TYPES) || !names.has(WORKBOOK))
      throw refuse(settings, messages.notSpreadsheet);
    await readZip(bytes, zipOptions, async (entry, stream) => {
      const keep =
        entry.name === WORKBOOK || entry.name === WORKBOOK_RELS
          ? WORKBOOK_HEAD_BYTES
          : WORKSHEET.test(entry.name)
            ? SHEET_HEAD_BYTES
            : 0;
      const head = await headOf(stream, keep);
      if (keep) parts.set(entry.name, head);
    });
  } catch (error) {
    throw asSpreadsheetRefusal(error, settings);
  }
  const path = firstSheetPath(parts.get(WORKBOOK) ?? '', parts.get(WORKBOOK_RELS) ?? '');
  const shape = path ? declaredShape(parts.get(path) ?? '') : null;
  if (shape) checkShape(shape, settings);
}

/** The declared rows may hold the header rows above the data; columns count from A. */
function checkShape(shape: { rows: number; columns: number }, settings: Settings) {
  if (shape.rows > settings.maxRows + HEADER_SCAN)
    throw refuse(settings, messages.spreadsheetTooManyRows(settings.maxRows));
  if (shape.columns > settings.maxColumns)
    throw refuse(settings, messages.spreadsheetTooManyColumns(settings.maxColumns));
}

function parse(bytes: Buffer, settings: Settings): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      // The header may be below up to HEADER_SCAN - 1 rows; one more row to see an overflow.
      sheetRows: settings.maxRows + HEADER_SCAN + 1,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: true,
      cellDates: false,
      cellStyles: false,
      sheetStubs: false,
      bookVBA: false,
      bookFiles: false,
      bookDeps: false,
      WTF: false,
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    throw refuse(
      settings,
      /password|encrypt/i.test(text)
        ? messages.spreadsheetProtected
        : messages.spreadsheetUnreadable,
    );
  }
}

/** Excel's error codes, as the cell shows them. */
const ERROR_CODES: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || year > 9999) return null;
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function serialDay(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > LAST_SERIAL) return null;
  const parts = ssf.parse_date_code(serial, { date1904 });
  return parts ? isoDay(parts.y, parts.m, parts.d) : null;
}

/** `31/12/2025`, `1/2/2025`, `31-12-2025`, `31.12.2025`, `2025-12-31` (a time is ignored). */
function textDay(text: string): string | null {
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T].*)?$/.exec(text);
  if (french) return isoDay(Number(french[3]), Number(french[2]), Number(french[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

const TRUE_WORDS = new Set(['oui', 'o', 'vrai', 'true', 'yes', 'y', '1', 'x']);
const FALSE_WORDS = new Set(['non', 'n', 'faux', 'false', 'no', '0']);

type Converted = { value: CellValues[CellType] } | { error: string } | { empty: true };

interface Context {
  date1904: boolean;
}

const isDateCell = (cell: XLSX.CellObject) =>
  cell.t === 'n' && typeof cell.z === 'string' && ssf.is_date(cell.z);

/** A cell as text: strings trimmed, numbers as written, dates as `YYYY-MM-DD`. */
function textOf(cell: XLSX.CellObject, context: Context): string {
  if (cell.t === 'n' && isDateCell(cell))
    return serialDay(cell.v as number, context.date1904) ?? String(cell.v);
  if (cell.t === 'b') return cell.v ? 'VRAI' : 'FAUX';
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v ?? '').trim();
}

const withoutSpaces = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '');

function rangeError(value: number, spec: ColumnSpec): string | null {
  if (spec.min !== undefined && value < spec.min) return messages.outOfRange(spec.min, spec.max);
  if (spec.max !== undefined && value > spec.max) return messages.outOfRange(spec.min, spec.max);
  return null;
}

function convert(cell: XLSX.CellObject | undefined, spec: ColumnSpec, context: Context): Converted {
  if (!cell || cell.t === 'z' || cell.v === undefined || cell.v === null) return { empty: true };
  if (cell.t === 'e') {
    const code = ERROR_CODES[cell.v as number] ?? '#ERREUR';
    return { error: messages.cellFormulaError(code) };
  }
  const text = textOf(cell, context);
  if (text === '') return { empty: true };
  if (hasForbiddenCharacter(text)) return { error: messages.cellForbiddenCharacter };
  switch (spec.type) {
    case 'text':
    case 'email': {
      if (spec.type === 'email' && emailViolation(spec.key, text))
        return { error: messages.invalidEmail };
      if (spec.maxLength !== undefined && text.length > spec.maxLength)
        return { error: messages.tooLong(spec.maxLength) };
      return { value: text };
    }
    case 'integer':
    case 'number': {
      let value: number;
      if (cell.t === 'n' && !isDateCell(cell)) value = cell.v as number;
      else {
        const plain = withoutSpaces(text).replace(',', '.');
        value = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
      }
      if (!Number.isFinite(value)) return { error: messages.notNumber };
      if (spec.type === 'integer' && !Number.isSafeInteger(value))
        return { error: messages.notInteger };
      const outside = rangeError(value, spec);
      return outside ? { error: outside } : { value };
    }
    case 'date': {
      const day =
        cell.t === 'n'
          ? serialDay(cell.v as number, context.date1904)
          : cell.t === 'd' && cell.v instanceof Date
            ? cell.v.toISOString().slice(0, 10)
            : textDay(text);
      return day ? { value: day } : { error: INVALID_DATE };
    }
    case 'boolean': {
      if (cell.t === 'b') return { value: cell.v as boolean };
      const word = normalizeHeader(text);
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: messages.notBoolean };
    }
  }
}

/** What PostgreSQL text cannot store: NUL, its only such character in UTF-8. */
const FORBIDDEN_CHARACTER = '\u0000';
const hasForbiddenCharacter = (text: string) => text.includes(FORBIDDEN_CHARACTER);

const cellText = (cell: XLSX.CellObject | undefined) =>
  cell && cell.v !== undefined && cell.v !== null && cell.t !== 'e' ? String(cell.v).trim() : '';

const isBlank = (cell: XLSX.CellObject | undefined) => cellText(cell) === '';

/** Index of each spec's column in the header row, or -1. */
function matchHeaders(row: XLSX.CellObject[], columns: readonly ColumnSpec[]): number[] {
  const taken = new Set<number>();
  return columns.map((spec) => {
    const wanted = new Set(spec.headers.map(normalizeHeader));
    for (let c = 0; c < row.length; c++) {
      if (taken.has(c) || !wanted.has(normalizeHeader(cellText(row[c])))) continue;
      taken.add(c);
      return c;
    }
    return -1;
  });
}

/**
 * Reads the first sheet of an xls or xlsx file into rows of typed values, each row with its
 * French errors (see the module's comment). Throws a French 422 on `field` for a file that is
 * empty, too large, not an xls/xlsx, protected, unreadable, a zip bomb, or past the row or column
 * limits. Missing required headers are reported in `missingHeaders` (see `assertHeaders`).
 */
export async function readSpreadsheet<const C extends readonly ColumnSpec[]>(
  source: SpreadsheetSource,
  columns: C,
  options: SpreadsheetOptions = {},
): Promise<SpreadsheetResult<RowValues<C>>> {
  const settings: Settings = {
    ...SPREADSHEET_LIMITS,
    ...definedOnly(options),
    field: options.field ?? 'file',
  };
  const bytes = await bytesOf(source, settings);
  let format: 'xls' | 'xlsx';
  if (startsWith(bytes, OLE2_SIGNATURE)) format = 'xls';
  else if (startsWith(bytes, ZIP_SIGNATURE)) {
    format = 'xlsx';
    await checkXlsx(bytes, settings);
  } else throw refuse(settings, messages.notSpreadsheet);

  const workbook = parse(bytes, settings);
  const name = workbook.SheetNames[0];
  const grid: (XLSX.CellObject[] | undefined)[] = (name && workbook.Sheets[name]?.['!data']) || [];
  const context: Context = { date1904: Boolean(workbook.Workbook?.WBProps?.date1904) };

  let widest = 0;
  for (const row of grid) {
    if (!row) continue;
    for (let c = row.length - 1; c >= widest; c--)
      if (!isBlank(row[c])) {
        widest = c + 1;
        break;
      }
  }
  if (widest > settings.maxColumns)
    throw refuse(settings, messages.spreadsheetTooManyColumns(settings.maxColumns));

  let header = -1;
  let positions: number[] = columns.map(() => -1);
  let best = 0;
  for (let r = 0; r < Math.min(HEADER_SCAN, grid.length); r++) {
    const row = grid[r];
    if (!row) continue;
    if (header < 0 && row.some((cell) => !isBlank(cell))) header = r;
    const found = matchHeaders(row, columns);
    const count = found.filter((c) => c >= 0).length;
    if (count > best) {
      best = count;
      header = r;
      positions = found;
    }
  }
  const headerRow = header >= 0 ? (grid[header] ?? []) : [];
  const missingHeaders = columns
    .filter((spec, i) => spec.required && positions[i]! < 0)
    .map((spec) => spec.headers[0] ?? spec.key);

  const rows: SheetRow<RowValues<C>>[] = [];
  for (let r = Math.max(header, 0) + 1; header >= 0 && r < grid.length; r++) {
    const row = grid[r];
    if (!row || positions.every((c) => c < 0 || isBlank(row[c]))) continue;
    if (r - header > settings.maxRows)
      throw refuse(settings, messages.spreadsheetTooManyRows(settings.maxRows));
    const values: Record<string, CellValues[CellType] | null> = {};
    const errors: CellError[] = [];
    columns.forEach((spec, i) => {
      const c = positions[i]!;
      values[spec.key] = null;
      if (c < 0) return;
      const converted = convert(row[c], spec, context);
      // The header as written, shown in messages (and stored in reports): never with a NUL.
      const column =
        cellText(headerRow[c]).replaceAll(FORBIDDEN_CHARACTER, '').trim() ||
        (spec.headers[0] ?? spec.key);
      if ('value' in converted) values[spec.key] = converted.value;
      else if ('error' in converted)
        errors.push({ key: spec.key, column, message: converted.error });
      else if (spec.required) errors.push({ key: spec.key, column, message: messages.required });
    });
    rows.push({ line: r + 1, values: values as RowValues<C>, errors });
  }
  return { format, rows, missingHeaders, headerLine: header + 1 };
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Throws the 422 'Colonne(s) manquante(s) : …' when required headers are missing. */
export function assertHeaders(result: { missingHeaders: string[] }, field = 'file'): void {
  if (result.missingHeaders.length)
    throw unprocessable([
      { propertyPath: field, message: messages.missingColumns(result.missingHeaders) },
    ]);
}

/**
 * Throws a French 422 on `field` naming the first cell that holds a character PostgreSQL text
 * cannot store (its row already carries the error): for files read once at upload and again
 * later by a job, refused whole while staff can still correct them.
 */
export function assertStorable(
  result: { rows: readonly { line: number; errors: readonly CellError[] }[] },
  field = 'file',
): void {
  for (const row of result.rows)
    for (const error of row.errors)
      if (error.message === messages.cellForbiddenCharacter)
        throw unprocessable([
          {
            propertyPath: field,
            message: messages.spreadsheetForbiddenCharacter(row.line, error.column),
          },
        ]);
}

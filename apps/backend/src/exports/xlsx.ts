import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's values are written: Excel number formats in French conventions (spec §9). */
export type ColumnFormat = 'text' | 'euros' | 'date' | 'percent' | 'integer';

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | Date | null | undefined;
  format?: ColumnFormat;
  /** Width in characters; 18 by default. */
  width?: number;
}

/**
 * Text that a spreadsheet would read as a formula (or DDE call) when the cell is edited or the
 * file is re-saved as CSV: `=`, `+`, `-`, `@`, tab, carriage return or line feed first. Such text gets a
 * leading apostrophe, as OWASP advises, on top of being written as a string cell.
 */
const FORMULA_LIKE = /^[=+\-@\t\r\n]/;

export function safeCellText(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

export interface ExportSheet<Row> {
  name: string;
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/*
 * The file is written here, not with exceljs: its streaming writer builds a model object per
 * row and per cell and renders them through its generic XML layer, 3.3 s for 50,000 customers
 * (16 columns) on the 2-core machine, where the issue's budget is 5 s for 100,000. Writing the
 * SpreadsheetML by hand is a few string templates: 0.x s for the same rows
 * (docs/benchmarks/2026-11-24-exports.md). The parts are the minimal set Excel, LibreOffice and exceljs read
 * (tests read every export back with exceljs). archiver zips as the rows come, with Node's
 * own zlib (native, off the main thread).
 */

/** Style ids of `STYLES_XML`'s cellXfs, by column format; 1 is the bold header. */
const STYLE_OF: Record<ColumnFormat, number> = {
  text: 0,
  euros: 2,
  date: 3,
  percent: 4,
  integer: 5,
};
const HEADER_STYLE = 1;

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0 &quot;€&quot;"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="0.00 %"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 forbids (controls but tab and line breaks, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(value: string): string {
  return escapeXml(value.replace(NOT_XML, ''));
}

const escapeXml = (value: string) => value.replace(XML_SPECIAL, (c) => ENTITIES[c]!);

/**
 * A text cell's content: the characters XML cannot carry are removed first, and only then is
 * the formula check made, so that `\u000b=HYPERLINK(…)` cannot lose its control character
 * after the check and start with `=`.
 */
export function cellText(value: string): string {
  return escapeXml(safeCellText(value.replace(NOT_XML, '')));
}

/** A, B, …, Z, AA, … for column 0, 1, … */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 1899-12-30 (Excel's serial date), from the date's UTC calendar day and time. */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(
  ref: string,
  value: string | number | Date | null | undefined,
  style: number,
): string {
  if (value === null || value === undefined) return '';
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? ''
      : `<c r="${ref}"${s}><v>${excelSerial(value)}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${cellText(value)}</t></is></c>`;
}

function sheetHead(columns: ExportColumn<unknown>[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`)
    .join('');
  const header = columns
    .map((c, i) => cellXml(`${columnLetters(i)}1`, c.header, HEADER_STYLE))
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1" s="${HEADER_STYLE}" customFormat="1">${header}</row>`
  );
}

function workbookParts(names: string[]): Record<string, string> {
  const sheets = names.map((_, i) => i + 1);
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets>${names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((n) => `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}<Relationship Id="rId${names.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': STYLES_XML,
  };
}

/**
 * The date of every part in the archive: nothing reads it, and a fixed one makes the same rows
 * give the same bytes (the demo seed's files are compared byte for byte).
 */
const PART_DATE = new Date('2026-01-01T00:00:00Z');

/** Excel's longest sheet name. */
const SHEET_NAME_MAX = 31;

/** `name` in at most `max` characters, cut after a whole word where there is one. */
function cutAtWord(name: string, max: number): string {
  if (name.length <= max) return name;
  const space = name.lastIndexOf(' ', max);
  return (space > max / 2 ? name.slice(0, space) : name.slice(0, max)).replace(/[\s,;.'’-]+$/, '');
}

/** A sheet name Excel accepts: no `[]:*?/\`, at most 31 characters, unique in the workbook. */
export function sheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    let name =
      cutAtWord(
        raw
          .replace(/[[\]:*?/\\]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        SHEET_NAME_MAX,
      ) || `Feuille ${i + 1}`;
    if (used.has(name.toLowerCase())) name = `${name.slice(0, 27)} (${i + 1})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * Streams an .xlsx of one sheet of `rows` (a bold, frozen header row): rows are written as they
 * come and writing waits while the reader is behind, so memory stays bounded whatever the number
 * of rows. Errors of `rows` destroy the returned stream.
 */
export function xlsxStream<Row>(options: {
  sheetName: string;
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}): Readable {
  return xlsxWorkbookStream([
    { name: options.sheetName, columns: options.columns, rows: options.rows },
  ]);
}

/**
 * One sheet of plain rows under an import's columns (each under its first header): the
 * templates offered for download, and the mapping files the seed writes.
 */
export function columnsXlsx<Cell extends string | number>(options: {
  sheetName: string;
  columns: readonly { readonly headers: readonly [string, ...string[]] }[];
  rows: Iterable<Cell[]> | AsyncIterable<Cell[]>;
  /** The width of the column at `index`; 18 without. */
  width?: (index: number) => number;
}): Readable {
  async function* rows() {
    yield* options.rows;
  }
  return xlsxStream({
    sheetName: options.sheetName,
    columns: options.columns.map((column, index) => ({
      header: column.headers[0],
      value: (row: Cell[]) => row[index],
      width: options.width?.(index),
    })),
    rows: rows(),
  });
}

/** Rows are deflated in batches of about this many characters of XML. */
const CHUNK_CHARS = 64 * 1024;

/** The same with several sheets, written one after the other. */
export function xlsxWorkbookStream(
  // Each sheet has its own row type; a sheet only passes its rows to its own columns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sheets: ExportSheet<any>[],
): Readable {
  // Level 1: the XML of a sheet is very repetitive; more effort buys little and costs time.
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const output = new PassThrough();
  archive.on('error', (error) => output.destroy(error));
  archive.pipe(output);
  // A client that goes away ends the writing (and the reading of rows behind it).
  const gone = new AbortController();
  output.on('close', () => gone.abort());
  const names = sheetNames(sheets.map((sheet) => sheet.name));
  for (const [path, text] of Object.entries(workbookParts(names)))
    archive.append(text, { name: path, date: PART_DATE });
  // Every sheet part is queued now; archiver reads them one after the other.
  const parts = sheets.map((_, index) => {
    const part = new PassThrough();
    archive.append(part, { name: `xl/worksheets/sheet${index + 1}.xml`, date: PART_DATE });
    return part;
  });
  void archive.finalize().catch(() => undefined);

  void (async () => {
    for (const [index, { columns, rows }] of sheets.entries()) {
      const part = parts[index]!;
      const letters = columns.map((_, i) => columnLetters(i));
      const styles = columns.map((column) => STYLE_OF[column.format ?? 'text']);
      let pending = sheetHead(columns);
      let rowNumber = 1;
      for await (const row of rows) {
        rowNumber += 1;
        let cells = '';
        for (let i = 0; i < columns.length; i += 1)
          cells += cellXml(`${letters[i]}${rowNumber}`, columns[i]!.value(row), styles[i]!);
        pending += `<row r="${rowNumber}">${cells}</row>`;
        if (pending.length >= CHUNK_CHARS) {
          // Waits while the zip (and the client behind it) is behind: memory stays bounded.
          if (!part.write(pending)) await once(part, 'drain', { signal: gone.signal });
          pending = '';
        }
      }
      part.end(`${pending}</sheetData></worksheet>`);
    }
  })().catch((error: unknown) => {
    // The reader sees the error; the zip and its parts just stop.
    output.destroy(error as Error);
    archive.abort();
    for (const part of parts) part.destroy();
  });
  return output;
}

const parisClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * `label_LASTNAME_Firstname_YYYY-MM-DD_HH-mm.xlsx` (spec §9), in Paris time whatever the
 * server's zone (the users are in France). The person is left out when the export is not about
 * one agent.
 */
export function exportFileName(
  label: string,
  person: { lastName: string; firstName: string } | null,
  now: Date,
): string {
  const at = Object.fromEntries(
    parisClock.formatToParts(now).map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  const stamp = `${at.year}-${at.month}-${at.day}_${at.hour}-${at.minute}`;
  const parts = [label, person?.lastName, person?.firstName, stamp]
    .filter((part): part is string => Boolean(part && part.trim()))
    // Path separators, control characters and quotes never reach the file name.
    .map((part) =>
      part
        .trim()
        .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
        .replace(/\s+/g, '-'),
    );
  return `${parts.join('_')}.xlsx`;
}

/**
 * `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987), so
 * 'Hélène' survives in every browser and no header can be split.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

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

const NUMBER_FORMATS: Record<ColumnFormat, string | undefined> = {
  text: undefined,
  euros: '#,##0 "€"',
  date: 'dd/mm/yyyy',
  percent: '0.00 %',
  integer: '0',
};

/**
 * Text that a spreadsheet would read as a formula (or DDE call) when the cell is edited or the
 * file is re-saved as CSV: `=`, `+`, `-`, `@`, tab or carriage return first. Such text gets a
 * leading apostrophe, as OWASP advises, on top of being written as a string cell.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

export function safeCellText(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

function cellValue(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return safeCellText(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

export interface ExportSheet<Row> {
  name: string;
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/**
 * Streams an .xlsx of one sheet of `rows` (a bold, frozen header row): rows are written and
 * committed one by one and writing waits while the reader is behind, so memory stays bounded
 * whatever the number of rows. Errors of `rows` destroy the returned stream.
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

/** The same with several sheets, written one after the other. */
export function xlsxWorkbookStream(
  // Each sheet has its own row type; a sheet only passes its rows to its own columns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sheets: ExportSheet<any>[],
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });

  void (async () => {
    for (const { name, columns, rows } of sheets) {
      const sheet = workbook.addWorksheet(name.slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((column, index) => ({
        key: String(index),
        width: column.width ?? 18,
        style: NUMBER_FORMATS[column.format ?? 'text']
          ? { numFmt: NUMBER_FORMATS[column.format ?? 'text'] }
          : {},
      }));
      const header = sheet.addRow(columns.map((column) => safeCellText(column.header)));
      header.font = { bold: true };
      header.commit();
      for await (const row of rows) {
        sheet.addRow(columns.map((column) => cellValue(column.value(row)))).commit();
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/**
 * `label_LASTNAME_Firstname_YYYY-MM-DD_HH-mm.xlsx` (spec §9), in the server's local time. The
 * person is left out when the export is not about one agent.
 */
export function exportFileName(
  label: string,
  person: { lastName: string; firstName: string } | null,
  now: Date,
): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `_${pad(now.getHours())}-${pad(now.getMinutes())}`;
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

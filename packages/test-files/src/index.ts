import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

export interface ZipPart {
  name: string;
  data: Buffer;
}

/** An entry as `rawZip` writes it: everything a header can declare, lies included. */
export interface RawZipEntry {
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  data: Buffer;
  /** 0 stored (the default), 8 deflated, anything else an unknown method. */
  method?: number;
  /** Declared inflated size (default: the data's length). */
  size?: number;
  crc?: number;
  /** What the local header declares, when it should differ from the central directory. */
  localSize?: number;
  flags?: number;
  unixMode?: number;
}

/** 2026-01-15, in the zip's MS-DOS date format (the time left at midnight). */
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 15;

/**
 * A zip written byte by byte (UTF-8 names), so that a test can say what an archiver never
 * would: `../` names, sizes that lie, links, unknown methods.
 */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 0;
    const size = entry.size ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const flags = 0x0800 | (entry.flags ?? 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.localSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.data);
    central.push(header, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A zip of deflated entries whose names the test chooses (`../` included). */
export const handZip = (entries: ZipPart[]): Buffer =>
  rawZip(
    entries.map((entry) => ({
      name: entry.name,
      data: deflateRawSync(entry.data),
      method: 8,
      size: entry.data.length,
      crc: crc32(entry.data),
    })),
  );

/** The names of a zip's entries, from its central directory (no comment after it). */
export function zipNames(archive: Buffer): string[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    names.push(archive.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/** Text of a PDF string literal: its delimiters escaped, ASCII only. */
const pdfText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (char) => `\\${char}`);

/**
 * A small real PDF of one page saying `text`, padded with a comment of `padBytes` random bytes:
 * it cannot shrink in a zip, as real PDFs do not.
 */
export function testPdf(text: string, { padBytes = 0 }: { padBytes?: number } = {}): Buffer {
  const stream = `BT /F1 12 Tf 56 780 Td (${pdfText(text)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  if (padBytes <= 0) return Buffer.from(body, 'latin1');
  // A comment runs to the end of its line: no line break inside.
  const noise = randomBytes(padBytes).map((byte) => (byte === 10 || byte === 13 ? 32 : byte));
  return Buffer.concat([Buffer.from(`${body}%`, 'latin1'), noise, Buffer.from('\n')]);
}

/** 20 MiB of zeros in about 20 KiB: refused for its ratio before anything is inflated. */
export const bombZip = () => handZip([{ name: 'bombe.pdf', data: Buffer.alloc(20 * 1024 ** 2) }]);

/** The headers of the dispatch mapping, as its template gives them. */
export const MAPPING_HEADERS = ['Fichier', 'cgpId', 'Année', 'Mois'];

/** A dispatch mapping (.xlsx) as staff would fill it: the header row, then `rows`. */
export async function mappingXlsx(
  rows: (string | number | null)[][],
  headers: string[] = MAPPING_HEADERS,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Correspondance');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { pdf } from '../../src/seed/network/files.js';
import { multipartForm } from './communication.js';

export interface ZipPart {
  name: string;
  data: Buffer;
}

/**
 * A zip written byte by byte (deflated entries), so that a test can say what archiver never
 * would: `../` names, a deflated run of zeros that inflates a hundred times over.
 */
export function handZip(entries: ZipPart[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const date = ((2026 - 1980) << 9) | (1 << 5) | 15;
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
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

/** A small real PDF invoice. */
export const invoicePdf = (label: string) => pdf(`Facture ${label}`, ['Commissions du mois']);

/** 20 MiB of zeros in about 20 KiB: refused for its ratio before anything is inflated. */
export const bombZip = () => handZip([{ name: 'bombe.pdf', data: Buffer.alloc(20 * 1024 ** 2) }]);

/** The mapping, as staff would fill it (headers as given). */
export async function mappingXlsx(
  rows: (string | number | null)[][],
  headers: string[] = ['Fichier', 'cgpId', 'Année', 'Mois'],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Correspondance');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The multipart body of `POST /dispatch_invoice_request`. */
export const dispatchForm = (zip: Buffer, mapping: Buffer) =>
  multipartForm({
    invoicesFile: { data: zip, filename: 'factures.zip', type: 'application/zip' },
    mappingFile: {
      data: mapping,
      filename: 'correspondance.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  });

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FileStorage } from '../../files/storage.js';

/** Real, small files for the demo: one-page PDFs and flat-colour PNGs, written under DATA_DIR/files. */

export class FileStore {
  private readonly made = new Set<string>();
  private readonly written: { path: string; size: number }[] = [];

  constructor(readonly root: string) {}

  /** Writes `content` at `relativePath` and answers its size in bytes. */
  write(relativePath: string, content: Buffer): number {
    const target = join(this.root, relativePath);
    const folder = dirname(target);
    if (!this.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.made.add(folder);
    }
    writeFileSync(target, content);
    this.written.push({ path: relativePath, size: content.length });
    return content.length;
  }

  /**
   * Moves every file written so far into `storage` (S3: one PutObject each, 8 at a time, each
   * local copy removed once sent); answers how many. With the fs driver the files are already
   * in place (`root` is DATA_DIR/files) and nothing moves.
   */
  async publish(storage: FileStorage): Promise<number> {
    if (storage.kind === 'fs') return 0;
    const queue = this.written.splice(0);
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift())
        await storage.store(join(this.root, file.path), file.path, file.size);
    };
    const count = queue.length;
    await Promise.all(Array.from({ length: 8 }, worker));
    rmSync(this.root, { recursive: true, force: true });
    return count;
  }
}

const pdfText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/([\\()])/g, '\\$1');

/** A valid one-page A4 PDF showing `lines` (Helvetica, accents folded to ASCII). */
export function pdf(title: string, lines: string[]): Buffer {
  const text = [title, '', ...lines]
    .map(
      (line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 18} Td (${pdfText(line)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid RGB PNG: a diagonal gradient between two colours with a band, so pictures differ. */
export function png(width: number, height: number, from: number[], to: number[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const band = Math.abs(y - height / 2) < height / 12 ? 40 : 0;
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.min(
          255,
          Math.round(from[c]! * (1 - t) + to[c]! * t) + band,
        );
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

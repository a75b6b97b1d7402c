import { createHash } from 'node:crypto';
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

/**
 * A stored file's stem for the demo, shaped as an upload's (32 hex digits, `storedFileKey`) but
 * derived from `name` and the content, so the same seed gives the same paths without drawing from
 * the seed's random stream (the data after it stays the same).
 */
export const seededStem = (name: string, content: Buffer) =>
  createHash('sha256').update(name).update('\0').update(content).digest('hex').slice(0, 32);

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

/** Encodes RGB rows (filter byte 0 at the start of each) as a PNG. */
function encodePng(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = readonly [number, number, number];

/** Skies of a day: top colour, horizon colour, sun colour. */
const SKIES: readonly (readonly [Rgb, Rgb, Rgb])[] = [
  [
    [74, 128, 196],
    [196, 222, 240],
    [255, 246, 214],
  ], // clear morning
  [
    [38, 52, 110],
    [238, 148, 98],
    [255, 214, 140],
  ], // sunset
  [
    [96, 150, 204],
    [232, 238, 244],
    [255, 255, 236],
  ], // noon haze
  [
    [22, 30, 64],
    [92, 84, 140],
    [240, 236, 220],
  ], // dusk
  [
    [120, 170, 196],
    [246, 224, 196],
    [255, 236, 200],
  ], // golden hour
];

/** Small deterministic generator (mulberry32), so a seed always draws the same picture. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/**
 * A believable demo news picture drawn at seed time (nothing downloaded): a sky with its sun,
 * two ranges of hills, a town skyline with lit windows and a waterfront reflecting it. Each
 * seed gives another sky, town and light.
 */
export function scenePng(width: number, height: number, seed: number): Buffer {
  const random = generator(seed * 7919 + 17);
  const [skyTop, horizonColour, sunColour] = SKIES[seed % SKIES.length]!;
  const pixels = new Float32Array(width * height * 3);
  const put = (x: number, y: number, colour: Rgb, alpha = 1) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) pixels[i + c] = pixels[i + c]! * (1 - alpha) + colour[c]! * alpha;
  };
  const horizon = Math.round(height * (0.62 + random() * 0.08));

  // Sky, then the sun's glow and disc.
  const sunX = width * (0.15 + random() * 0.7);
  const sunY = horizon * (0.3 + random() * 0.45);
  const sunRadius = height * (0.06 + random() * 0.04);
  for (let y = 0; y < horizon; y++) {
    const sky = mix(skyTop, horizonColour, (y / horizon) ** 1.4);
    for (let x = 0; x < width; x++) {
      put(x, y, sky);
      const distance = Math.hypot(x - sunX, y - sunY);
      if (distance < sunRadius) put(x, y, sunColour);
      else put(x, y, sunColour, Math.max(0, 0.35 * (1 - (distance - sunRadius) / (sunRadius * 4))));
    }
  }

  // Two ranges of hills, the far one paler.
  for (const [depth, lift] of [
    [0.55, 0.22],
    [0.3, 0.12],
  ] as const) {
    const colour = mix(horizonColour, [40, 70, 60], 1 - depth);
    const phase = random() * 10;
    const frequency = 2 + random() * 3;
    for (let x = 0; x < width; x++) {
      const top =
        horizon -
        height *
          lift *
          (0.5 + 0.5 * Math.sin(phase + (x / width) * frequency)) *
          (0.6 + 0.4 * Math.sin(phase * 2 + (x / width) * 9));
      for (let y = Math.max(0, Math.round(top)); y < horizon; y++) put(x, y, colour);
    }
  }

  // The town: buildings of varied height and shade, with a few lit windows.
  // Lit windows at sunset and dusk, sky-blue glass by day.
  const window: Rgb =
    (seed % SKIES.length) % 2 === 1 ? [250, 214, 130] : mix(horizonColour, [255, 255, 255], 0.4);
  let x = Math.round(random() * width * 0.1);
  while (x < width) {
    const w = Math.round(width * (0.03 + random() * 0.06));
    const h = Math.round(height * (0.08 + random() * 0.3));
    const shade = 30 + random() * 40;
    const building: Rgb = mix([shade, shade + 6, shade + 18], horizonColour, 0.15);
    for (let by = horizon - h; by < horizon; by++)
      for (let bx = x; bx < x + w; bx++) put(bx, by, building);
    for (let wy = horizon - h + 4; wy < horizon - 4; wy += 6)
      for (let wx = x + 3; wx < x + w - 3; wx += 5)
        if (random() < 0.35)
          for (let dy = 0; dy < 3; dy++)
            for (let dx = 0; dx < 2; dx++) put(wx + dx, wy + dy, window);
    x += w + Math.round(random() * width * 0.04);
  }

  // Water: the scene above, mirrored, darkened and rippled.
  for (let y = horizon; y < height; y++) {
    const depth = (y - horizon) / (height - horizon);
    for (let px = 0; px < width; px++) {
      const ripple = Math.round(Math.sin(y * 0.9 + px * 0.05) * 2 * (0.3 + depth));
      const sourceY = Math.max(0, 2 * horizon - y - 1);
      const sourceX = Math.min(width - 1, Math.max(0, px + ripple));
      const i = (sourceY * width + sourceX) * 3;
      const reflected: Rgb = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      put(px, y, mix(mix(reflected, [20, 40, 60], 0.35 + depth * 0.4), skyTop, 0.1));
    }
  }

  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let i = 0; i < width * 3; i++)
      raw[row + 1 + i] = Math.max(0, Math.min(255, Math.round(pixels[y * width * 3 + i]!)));
  }
  return encodePng(width, height, raw);
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

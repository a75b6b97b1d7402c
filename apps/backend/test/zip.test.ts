import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { rawZip, type RawZipEntry } from '@portal/test-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/files/storage.js';
import {
  folderItems,
  listZip,
  readZip,
  safeEntryName,
  storedItem,
  uniqueNames,
  zipFiles,
  type ZipEntry,
  type ZipItem,
  type ZipReadOptions,
  ZipRefusal,
  type ZipRefusalReason,
} from '../src/files/zip.js';
import { messages } from '../src/http/messages.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const MiB = 1024 ** 2;

const stored = (name: string, text: string): RawZipEntry => ({ name, data: Buffer.from(text) });

/**
 * `mib` MiB of zeros, deflated in about 1 KiB per MiB without ever holding them: one MiB is
 * deflated with a full flush (a block that needs nothing before it) and repeated.
 */
async function zerosDeflated(mib: number): Promise<{ data: Buffer; crc: number }> {
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
  return {
    data: Buffer.concat([...Array<Buffer>(mib).fill(block), deflateRawSync(Buffer.alloc(0))]),
    crc,
  };
}

/** Every file of an archive, read with `readZip`. */
async function contents(source: string | Buffer, options: ZipReadOptions = {}) {
  const files = new Map<string, Buffer>();
  await readZip(source, options, async (entry, stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    files.set(entry.name, Buffer.concat(chunks));
  });
  return files;
}

async function refusalOf(promise: Promise<unknown>): Promise<ZipRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZipRefusal);
  return error as ZipRefusal;
}

async function expectRefused(
  promise: Promise<unknown>,
  reason: ZipRefusalReason,
  message: string,
  field = 'file',
) {
  const error = await refusalOf(promise);
  expect(error.reason).toBe(reason);
  expect(error.statusCode).toBe(422);
  expect(error.violations).toEqual([{ propertyPath: field, message }]);
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const textItem = (name: string, text: string): ZipItem => ({
  name,
  open: async () => Readable.from([Buffer.from(text)]),
});

describe('zip writing and reading', () => {
  it('round-trips 1,000 small files through a file on disk: same names, same bytes', async () => {
    const files = new Map<string, Buffer>();
    for (let i = 0; i < 1000; i++)
      files.set(
        `dossier-${i % 10}/facture-${i}.txt`,
        Buffer.from(`Facture n° ${i}\n`.repeat(i % 7)),
      );
    let opened = 0;
    let open = 0;
    let mostOpen = 0;
    const items: ZipItem[] = [...files].map(([name, data]) => ({
      name,
      open: async () => {
        opened++;
        mostOpen = Math.max(mostOpen, ++open);
        const stream = Readable.from([data]);
        stream.on('close', () => open--);
        return stream;
      },
    }));
    const path = join(dir, 'round-trip.zip');
    const started = performance.now();
    await pipeline(zipFiles(items), createWriteStream(path));
    const written = performance.now();
    const read = await contents(path);
    const done = performance.now();
    console.log(
      `1,000 files: written in ${Math.round(written - started)} ms, read in ${Math.round(done - written)} ms`,
    );
    expect(opened).toBe(1000);
    expect(mostOpen).toBe(1);
    expect([...read.keys()]).toEqual([...files.keys()]);
    for (const [name, data] of files) expect(read.get(name)?.equals(data), name).toBe(true);
  });

  it('writes safe, unique names: no traversal, no absolute path, `a (2).pdf` for a second `a.pdf`', async () => {
    const names = [
      '../evil.txt',
      '/etc/passwd',
      'C:\\Windows\\system.ini',
      'a.pdf',
      'A.pdf',
      'a.pdf',
      'a (2).pdf',
      'dossier/../../b.txt',
      'nul\u0000.txt',
      'CON.txt',
      'rapport: final?.pdf',
      'notes',
      'notes/lundi.txt',
      '..',
    ];
    const zip = await bufferOf(zipFiles(names.map((name) => textItem(name, name))));
    const entries = await listZip(zip);
    expect(entries.map((e) => e.name)).toEqual([
      'evil.txt',
      'etc/passwd',
      'Windows/system.ini',
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'a (2) (2).pdf',
      'dossier/b.txt',
      '_nul.txt',
      '_CON.txt',
      'rapport_ final_.pdf',
      'notes',
      'notes (2)/lundi.txt',
      'fichier',
    ]);
    expect(safeEntryName('  .. / ./x. ')).toBe('x');
    const take = uniqueNames();
    expect(['Été.pdf', 'E\u0301te\u0301.pdf'].map(take)).toEqual(['Été.pdf', 'Été (2).pdf']);
  });

  it('zips a folder tree (symlinks not followed) and stored files; a missing one fails the zip', async () => {
    const root = join(dir, 'tree');
    await mkdir(join(root, 'sous-dossier'), { recursive: true });
    await writeFile(join(root, 'b.txt'), 'b');
    await writeFile(join(root, 'sous-dossier', 'a.txt'), 'a');
    await symlink('/etc/hostname', join(root, 'lien'));
    const storage = createStorage({ dataDir: join(dir, 'data'), storage: { kind: 'fs' } });
    await storage.put('invoices/2026/01/x.pdf', Buffer.from('%PDF-1.4 facture'));
    const items = [
      ...(await folderItems(root, 'arbre')),
      storedItem(storage, 'invoices/2026/01/x.pdf', 'factures/janvier.pdf'),
    ];
    const files = await contents(await bufferOf(zipFiles(items)));
    expect(Object.fromEntries([...files].map(([name, data]) => [name, data.toString()]))).toEqual({
      'arbre/b.txt': 'b',
      'arbre/sous-dossier/a.txt': 'a',
      'factures/janvier.pdf': '%PDF-1.4 facture',
    });
    // Never an archive silently short of a file (the routes check before the first byte).
    const missing = storedItem(storage, 'invoices/2026/01/absent.pdf', 'factures/absent.pdf');
    await expect(bufferOf(zipFiles([...items, missing]))).rejects.toThrow(
      'Stored file missing: invoices/2026/01/absent.pdf',
    );
  });

  it('fails the stream when a file cannot be opened, and stops opening when the reader goes', async () => {
    const failing = zipFiles([
      textItem('a.txt', 'a'),
      { name: 'b.txt', open: () => Promise.reject(new Error('stockage indisponible')) },
    ]);
    await expect(bufferOf(failing)).rejects.toThrow('stockage indisponible');

    let opened = 0;
    const many = zipFiles(
      Array.from({ length: 100 }, (_, i) => ({
        name: `f${i}.bin`,
        open: async () => {
          opened++;
          return Readable.from([Buffer.alloc(64 * 1024, i)]);
        },
      })),
      { level: 0 },
    );
    await new Promise<void>((resolve) => many.once('data', () => resolve()));
    many.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toBeLessThan(100);
  });

  it('hands each file over as a stream, from a path or bytes; a stream left unread is skipped', async () => {
    const zip = rawZip([
      stored('dossier/', ''),
      stored('dossier/a.txt', 'premier'),
      stored('b.txt', 'second'),
    ]);
    const seen: ZipEntry[] = [];
    const result = await readZip(zip, {}, async (entry) => {
      seen.push(entry);
    });
    expect(seen.map((e) => [e.name, e.size])).toEqual([
      ['dossier/a.txt', 7],
      ['b.txt', 6],
    ]);
    expect(result.files).toBe(2);
    await writeFile(join(dir, 'small.zip'), zip);
    const files = await contents(join(dir, 'small.zip'));
    expect(files.get('b.txt')?.toString()).toBe('second');
  });
});

describe('zip refusals (422 on the file field, before inflating)', () => {
  it('refuses a zip bomb (200 MiB of zeros in 200 KiB) from its central directory alone', async () => {
    const zeros = await zerosDeflated(200);
    const zip = rawZip([
      { name: 'zeros.bin', data: zeros.data, method: 8, size: 200 * MiB, crc: zeros.crc },
    ]);
    expect(zip.length).toBeLessThan(300 * 1024);
    let called = false;
    const started = performance.now();
    await expectRefused(
      readZip(zip, {}, async () => {
        called = true;
      }),
      'ratio',
      messages.zipRatio,
    );
    console.log(
      `zip bomb (200 MiB in ${Math.round(zip.length / 1024)} KiB) refused in ${Math.round(performance.now() - started)} ms`,
    );
    expect(called).toBe(false);
    // Within the ratio, the total still applies.
    await expectRefused(
      listZip(zip, { maxRatio: 10_000, maxTotalBytes: 100 * MiB }),
      'size',
      messages.zipTooLarge('100 Mo'),
    );
  });

  it('refuses entries that claim huge sizes, before opening any', async () => {
    const zip = rawZip(
      Array.from({ length: 5 }, (_, i) => ({
        name: `gros-${i}.bin`,
        data: deflateRawSync(Buffer.alloc(1000)),
        method: 8,
        size: 0xfffffffe,
      })),
    );
    await expectRefused(
      readZip(zip, {}, async () => {}),
      'size',
      messages.zipTooLarge('1 Go'),
    );
  });

  it('stops inflating an entry that goes past its declared size (headers can lie)', async () => {
    const zeros = await zerosDeflated(50);
    const zip = rawZip([
      { name: 'menteur.bin', data: zeros.data, method: 8, size: 1024, crc: zeros.crc },
    ]);
    let received = 0;
    const started = performance.now();
    await expectRefused(
      readZip(zip, {}, async (_entry, stream) => {
        for await (const chunk of stream as AsyncIterable<Buffer>) received += chunk.length;
      }),
      'invalid',
      messages.zipInvalid,
    );
    expect(received).toBeLessThanOrEqual(1024);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a file whose bytes do not match its CRC', async () => {
    const zip = rawZip([{ ...stored('a.txt', 'contenu'), crc: 1234 }]);
    await expectRefused(contents(zip), 'invalid', messages.zipInvalid);
  });

  it.each([
    ['../evil.txt', '../evil.txt'],
    ['dossier/../../evil.txt', 'dossier/../../evil.txt'],
    ['/etc/passwd', '/etc/passwd'],
    ['C:/Windows/evil.txt', 'C:/Windows/evil.txt'],
    ['dossier\\..\\evil.txt', 'dossier\\..\\evil.txt'],
    ['evil\u0000.txt', 'evil?.txt'],
    ['./a.txt', './a.txt'],
    ['a//b.txt', 'a//b.txt'],
  ])('refuses the entry name %j', async (name, shown) => {
    const zip = rawZip([stored('ok.txt', 'ok'), stored(name, 'mal')]);
    await expectRefused(listZip(zip), 'name', messages.zipUnsafeName(shown));
  });

  it.each([
    [['a.txt', 'a.txt'], 'a.txt'],
    [['Rapport.PDF', 'rapport.pdf'], 'rapport.pdf'],
    [['Été.txt', 'E\u0301te\u0301.txt'], 'E\u0301te\u0301.txt'],
    [['a', 'a/b.txt'], 'a/b.txt'],
    [['a/b.txt', 'a'], 'a'],
  ])('refuses the duplicate names %j', async (names, shown) => {
    const zip = rawZip(names.map((name) => stored(name, name)));
    await expectRefused(listZip(zip), 'duplicate', messages.zipDuplicateName(shown));
  });

  it('refuses symlinks and special files', async () => {
    const link = rawZip([{ ...stored('lien', '/etc/passwd'), unixMode: 0o120777 }]);
    await expectRefused(listZip(link), 'special', messages.zipSpecialEntry('lien'));
    const fifo = rawZip([{ ...stored('tube', ''), unixMode: 0o010644 }]);
    await expectRefused(listZip(fifo), 'special', messages.zipSpecialEntry('tube'));
  });

  it('refuses too many entries, encrypted and unknown methods, and what is no zip', async () => {
    const eleven = rawZip(Array.from({ length: 11 }, (_, i) => stored(`${i}.txt`, 'x')));
    await expectRefused(
      listZip(eleven, { maxEntries: 10, field: 'archive' }),
      'entries',
      messages.zipTooManyEntries(10),
      'archive',
    );
    await expectRefused(
      // Traditional encryption: 12 bytes of header before the (stored) content.
      listZip(rawZip([{ name: 'secret.txt', data: Buffer.alloc(13), size: 1, flags: 1 }])),
      'encrypted',
      messages.zipEncrypted,
    );
    await expectRefused(
      listZip(rawZip([{ ...stored('a.bz2', 'x'), method: 12 }])),
      'unsupported',
      messages.zipUnsupported,
    );
    await expectRefused(listZip(Buffer.from('ceci est un texte')), 'invalid', messages.zipInvalid);
    await expectRefused(listZip(Buffer.alloc(0)), 'invalid', messages.zipInvalid);
    await expect(listZip(join(dir, 'absent.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('with strictLocalHeaders, refuses a local header that disagrees with the directory', async () => {
    const zip = rawZip([{ ...stored('a.txt', 'contenu'), localSize: 300 * MiB }]);
    expect((await listZip(zip)).map((e) => e.name)).toEqual(['a.txt']);
    await expectRefused(listZip(zip, { strictLocalHeaders: true }), 'invalid', messages.zipInvalid);
    // A local header naming another file than the directory does.
    const renamed = rawZip([stored('a.txt', 'contenu')]);
    renamed.write('b', renamed.indexOf('a.txt'));
    expect((await listZip(renamed)).map((e) => e.name)).toEqual(['a.txt']);
    await expectRefused(
      listZip(renamed, { strictLocalHeaders: true }),
      'invalid',
      messages.zipInvalid,
    );
  });
});

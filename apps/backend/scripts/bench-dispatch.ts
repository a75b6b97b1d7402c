/**
 * The invoice dispatch at volume (not a test): 1,000 invoices of about 50 KB (a ≈ 50 MB zip,
 * incompressible like real PDFs) with their mapping, filed by the job's code on a seeded
 * database, timed, with the process's peak resident memory sampled every 20 ms.
 *
 *   npx tsx scripts/bench-dispatch.ts                                   # PGlite in memory
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-dispatch.ts     # PostgreSQL
 *   ... -- --count=1000 --kb=50 --profile=dispatch.cpuprofile   (a CPU profile of the dispatch)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { dispatchInvoiceRequests } from '../src/db/schema.js';
import { createStorage } from '../src/files/storage.js';
import { runDispatch } from '../src/invoices/dispatch.js';
import { pdf } from '../src/seed/network/files.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEFAULT_SEED, seedNetwork } from '../src/seed/network.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const count = Number(args.count ?? 1000);
const kb = Number(args.kb ?? 50);

/** A zip of deflated entries, written in memory (the archive is the input, not what is timed). */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc32(entry.data), 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(header, name);
    offset += 30 + name.length + data.length;
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

const dataDir = mkdtempSync(join(tmpdir(), 'bench-dispatch-'));
const serverUrl = process.env.DATABASE_URL;
const handle = await openDatabase({
  database: serverUrl ? { kind: 'postgres', url: serverUrl } : { kind: 'pglite', dataDir: null },
});
try {
  await seedDemo(handle.db);
  await seedNetwork(handle.db, {
    scale: 1,
    seed: DEFAULT_SEED,
    dataDir,
    today: '2026-06-15',
    log: () => {},
  });
  const storage = createStorage(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }));
  const cgpIds = Array.from({ length: 100 }, (_, i) => `CGP${String(i + 1).padStart(4, '0')}`);
  const invoices = Array.from({ length: count }, (_, i) => {
    const base = pdf(`Facture ${i}`, ['Banc d’essai']);
    // A comment of random bytes: the zip cannot shrink it, as with real PDFs.
    const noise = randomBytes(kb * 1024).map((byte) => (byte === 10 || byte === 13 ? 32 : byte));
    const padding = Buffer.concat([Buffer.from('%'), noise, Buffer.from('\n')]);
    return {
      name: `Facture_${String(i).padStart(5, '0')}.pdf`,
      data: Buffer.concat([base, padding]),
    };
  });
  const archive = zip(invoices);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Correspondance');
  sheet.addRow(['Fichier', 'cgpId', 'Année', 'Mois']);
  invoices.forEach((invoice, i) =>
    sheet.addRow([invoice.name, cgpIds[i % cgpIds.length], 2014, 1 + (i % 12)]),
  );
  await storage.put('invoices/dispatch/bench.zip', archive);
  await storage.put('invoices/dispatch/bench.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
  const [request] = await handle.db
    .insert(dispatchInvoiceRequests)
    .values({
      status: 'PROCESSING',
      invoicesFilePath: 'invoices/dispatch/bench.zip',
      mappingFilePath: 'invoices/dispatch/bench.xlsx',
    })
    .returning();

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const profiler = args.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const started = performance.now();
  await runDispatch({ db: handle.db, storage }, request!.id);
  const seconds = (performance.now() - started) / 1000;
  if (profiler) {
    // The dispatch alone (not the seeding), for Chrome's DevTools or speedscope.
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(args.profile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  clearInterval(sampler);
  const [done] = await handle.db
    .select()
    .from(dispatchInvoiceRequests)
    .where(eq(dispatchInvoiceRequests.id, request!.id));
  const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} Mo`;
  console.log(
    `${serverUrl ? 'PostgreSQL' : 'PGlite'} : ${count} factures, zip ${mb(archive.length)} — ` +
      `${seconds.toFixed(2)} s, ${done!.filed} classées, ${done!.refused} refusées, ` +
      `RSS ${mb(before)} → pic ${mb(peak)} (+${mb(peak - before)})`,
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

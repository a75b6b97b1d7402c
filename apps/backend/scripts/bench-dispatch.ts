/**
 * The invoice dispatch at volume (not a test): 1,000 invoices of about 50 KB (a ≈ 50 MB zip,
 * incompressible like real PDFs) with their mapping, filed by the job's code on a seeded
 * database, timed, with the process's peak resident memory sampled every 20 ms.
 *
 *   npx tsx scripts/bench-dispatch.ts                                   # PGlite in memory
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-dispatch.ts     # PostgreSQL
 *   ... -- --count=1000 --kb=50 --profile=dispatch.cpuprofile   (a CPU profile of the dispatch)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handZip, mappingXlsx, testPdf } from '@portal/test-files';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { dispatchInvoiceRequests } from '../src/db/schema.js';
import { createStorage } from '../src/files/storage.js';
import { runDispatch } from '../src/invoices/dispatch.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEFAULT_SEED, seedNetwork } from '../src/seed/network.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const count = Number(args.count ?? 1000);
const kb = Number(args.kb ?? 50);

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
  // The archive is the input, written in memory: not what is timed.
  const invoices = Array.from({ length: count }, (_, i) => ({
    name: `Facture_${String(i).padStart(5, '0')}.pdf`,
    data: testPdf(`Facture ${i}`, { padBytes: kb * 1024 }),
  }));
  const archive = handZip(invoices);
  const mapping = await mappingXlsx(
    invoices.map((invoice, i) => [invoice.name, cgpIds[i % cgpIds.length]!, 2014, 1 + (i % 12)]),
  );
  await storage.put('invoices/dispatch/bench.zip', archive);
  await storage.put('invoices/dispatch/bench.xlsx', mapping);
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

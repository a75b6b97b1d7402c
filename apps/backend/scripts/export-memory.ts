/**
 * Time and resident memory of the big exports (the whole network, as the administrator: customers,
 * investment, real-estate and VLP sales) in a fresh backend process on an already seeded
 * PostgreSQL database (not a test):
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/export-memory.ts [--runs=3] [--only=vlps]
 *   NODE_OPTIONS=--max-old-space-size=160 DATABASE_URL=… npx tsx scripts/export-memory.ts
 *
 * `bench.ts --export` runs it after seeding. The file is downloaded by curl in another process,
 * so this process's RSS (sampled every 10 ms) is the server's alone.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildMainApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createStorage } from '../src/files/storage.js';
import { sendOnlyJobQueue } from '../src/jobs/registry.js';
import { createMailer } from '../src/mail.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a seeded PostgreSQL database)');
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
const only = option('only');
/** Each export, with the list whose total says how many rows it holds. */
const EXPORTS = [
  { file: '/clients/export', list: '/clients/clients' },
  { file: '/ventes_orions/export', list: '/ventes_orions' },
  { file: '/ventes_valoriciels/export', list: '/ventes_valoriciels' },
  { file: '/vlps/export', list: '/vlps' },
].filter(({ file }) => !only || file.includes(only));
const database = { kind: 'postgres' as const, url };
const dataDir = mkdtempSync(join(tmpdir(), 'export-memory-'));
const handle = await openDatabase({ database });
const config: Config = {
  ...loadConfig({
    JWT_SECRET: 'bench-secret-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  }),
  database,
};
const mailer = createMailer(config, handle.db);
const storage = createStorage(config);
const jobs = await sendOnlyJobQueue({ db: handle.db, config, mailer, storage });
const app = await buildMainApp({ db: handle.db, config, mailer, storage, jobs });
const login = await app.inject({
  method: 'POST',
  url: '/token',
  payload: { email: 'admin@reseau-patrimoine.fr', password: DEMO_PASSWORD },
});
const token = login.json().token as string;
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const curl = promisify(execFile);
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const heapLimit = Math.round((await import('node:v8')).getHeapStatistics().heap_size_limit / 1e6);

for (const { file, list } of EXPORTS) {
  const total = (
    await app.inject({
      method: 'GET',
      url: `${list}?itemsPerPage=1`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()['hydra:totalItems'] as number;
  for (let run = 1; run <= runs; run += 1) {
    const before = mb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, mb())), 10);
    const start = performance.now();
    const { stdout } = await curl('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download} %{time_starttransfer}',
      '-H',
      `authorization: Bearer ${token}`,
      `${address}${file}`,
    ]);
    const ms = performance.now() - start;
    clearInterval(sampler);
    const [status, bytes, firstByte] = stdout.split(' ');
    if (status !== '200') throw new Error(`${file} answered ${status}`);
    console.log(
      `| ${file} | ${run} | ${total} | ${(Number(bytes) / 1e6).toFixed(1)} MB | ${(ms / 1000).toFixed(2)} s | ${(Number(firstByte) * 1000).toFixed(0)} ms | ${before} MB | ${peak} MB | +${peak - before} MB | ${heapLimit} MB |`,
    );
  }
}
await app.close();
mailer.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });

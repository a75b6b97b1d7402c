/**
 * Latency of the usage analytics over a large event log (not a test): seeds the demo accounts
 * and the network at scale 1, adds `--events` tracking events (1,000,000 by default) spread over
 * the last year across the network's users, their devices and sessions, then times every
 * analytics call through the full HTTP stack, as the staff, over the default 10 days, a month and a
 * year. The days before today are rolled up first (`tracking.rollup`, when the code has it), as the
 * nightly job leaves them.
 *
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-analytics.ts      # PostgreSQL (apps/backend)
 *   ... bench-analytics.ts --events=200000 --runs=50
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildMainApp } from '../src/app.js';
import { loadConfig, type Config, type DatabaseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createStorage } from '../src/files/storage.js';
import { sendOnlyJobQueue } from '../src/jobs/registry.js';
import { createMailer } from '../src/mail.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEFAULT_SEED, seedNetwork } from '../src/seed/network.js';
import { NETWORK_FIGURES } from '../test/helpers/tracking-figures.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const events = Number(args.events ?? 1_000_000);
const runs = Number(args.runs ?? 100);
const serverUrl = process.env.DATABASE_URL;

async function database(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (!serverUrl) return { config: { kind: 'pglite', dataDir: null }, drop: async () => {} };
  const name = `bench_analytics_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const db = await database();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
const handle = await openDatabase({ database: db.config });
try {
  await seedDemo(handle.db);
  await seedNetwork(handle.db, { scale: 1, seed: DEFAULT_SEED, dataDir, log: () => undefined });
  const started = Date.now();
  // One session for 20 events on average, each user's sessions spread over the year.
  const sessions = Math.ceil(events / 20);
  await handle.db.execute(sql`
    insert into tracking_sessions (user_id, started_at, last_seen_at, ended_at)
    select u.id, t, t, t + interval '20 minutes'
    from (select s, now() - (random() * interval '365 days') as t,
            (select array_agg(id) from users) as ids
          from generate_series(1, ${sessions}) s) g
    cross join lateral (select g.ids[1 + (g.s % array_length(g.ids, 1))] as id) u`);
  await handle.db.execute(sql`
    with s as (select id, user_id, started_at, row_number() over () as n from tracking_sessions)
    insert into tracking_events (session_id, user_id, type, action, path, route, device, occurred_at)
    select s.id, s.user_id,
      (array['PAGE', 'PAGE', 'CLICK', 'CLICK', 'DOCUMENT'])[1 + (e % 5)],
      'Action ' || (e::bigint * 7919 % 400), '/page/' || (e::bigint * 104729 % 60),
      '/page/' || (e::bigint * 104729 % 60),
      (array['PC', 'PC', 'Smartphone', 'Tablette'])[1 + (s.n % 4)::int],
      s.started_at + (e % 20) * interval '1 minute'
    from generate_series(1, ${events}) e
    join s on s.n = 1 + (e % ${sessions})`);
  // The roll-up job's work, as it stands after its nightly run (absent before issue 43).
  const rollupModule = '../src/jobs/tracking-rollup.js';
  const rollup = (await import(rollupModule).catch(() => null)) as {
    rollUpTracking(db: typeof handle.db): Promise<number>;
  } | null;
  if (rollup) console.log(`${await rollup.rollUpTracking(handle.db)} days rolled up`);
  await handle.db.execute(sql`analyze`);
  console.log(
    `${events.toLocaleString('fr-FR')} events, ${sessions.toLocaleString('fr-FR')} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const config: Config = {
    ...loadConfig({
      JWT_SECRET: 'bench-secret-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // One export after the other: a slot may outlive its answer by a moment.
      EXPORT_CONCURRENCY: '100',
    }),
    database: db.config,
  };
  const mailer = createMailer(config, handle.db);
  const storage = createStorage(config);
  const app = await buildMainApp({
    db: handle.db,
    config,
    mailer,
    storage,
    jobs: await sendOnlyJobQueue({ db: handle.db, config, mailer, storage }),
  });
  const token = (
    await app.inject({
      method: 'POST',
      url: '/token',
      payload: { email: 'admin@reseau-patrimoine.fr', password: DEMO_PASSWORD },
    })
  ).json().token as string;
  const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
  const lastDays = (days: number) => {
    const to = parisDay.format(new Date());
    const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    return `from=${from}&to=${to}`;
  };
  const paths = [
    ...NETWORK_FIGURES,
    '/tracking/users/50/top/pages',
    '/tracking/users/50/devices',
    '/tracking/users/50/connections/total',
    '/tracking/users/50/connections/days',
    '/tracking/users/50/pages/week',
    '/tracking/users/50/pages/clicks',
    '/tracking/users/50/documents',
    '/tracking/top/consultants/export',
    '/tracking/top/pages/export',
    '/tracking/top/documents/export',
  ];
  const periods = (args.days ?? '10,30,365').split(',').map(Number);
  const urls = [
    ...periods.flatMap((days) =>
      paths.map((path) => (days === 10 ? path : `${path}?${lastDays(days)}`)),
    ),
    '/tracking/users?order[email]=desc&page=3',
  ];
  console.log(`| Call | p50 (ms) | p95 (ms) |\n| --- | ---: | ---: |`);
  for (const url of urls) {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i += 1) {
      const t = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| \`${url}\` | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }
  await app.close();
  if (args.explain) {
    // The plan of each figure's statement over the period `--explain=<days>`, for reading.
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const analytics = await import('../src/resources/analytics.js');
    const query = Object.fromEntries(new URLSearchParams(lastDays(Number(args.explain))));
    for (const [name, figure] of Object.entries(analytics)) {
      if (!(typeof figure === 'object' && figure && 'source' in figure && figure.source)) continue;
      const statement = await figure.source.query({ db: handle.db, query, params: {} } as never);
      const { sql: text, params } = new PgDialect().sqlToQuery(statement);
      const client = new pg.Client({ connectionString: (db.config as { url: string }).url });
      await client.connect();
      const plan = await client.query(`explain (analyze, buffers) ${text}`, params);
      console.log(`\n${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      await client.end();
    }
  }
} finally {
  await handle.close();
  await db.drop();
}

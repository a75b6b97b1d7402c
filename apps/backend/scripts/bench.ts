/**
 * Latency of the resource layer at real volumes (not a test): seeds a fresh database per
 * scale, then times filtered, sorted, paged GET /ventes_orions and GET /clients/clients
 * through the full HTTP stack (JWT, components, scope, contract validation).
 *
 *   npx pnpm@10.34.8 --filter @portal/backend bench                 # PGlite in memory
 *   bash scripts/with-postgres.sh npx tsx scripts/bench.ts          # PostgreSQL (from apps/backend)
 *   ... bench -- --scales=1 --runs=300 --only=clients   # only the queries whose URL contains it
 *   ... bench -- --only=cgps,events                      # or any of these
 *   ... bench -- --scales=10 --export                    # also streams the big exports
 *   ... bench -- --scales=10 --explain --runs=1           # EXPLAIN ANALYZE of each query's SQL
 *   ... bench -- --against=/tmp/other/apps/backend        # A/B: the same queries on another copy
 *
 * `--against=DIR` builds a second app from another copy of apps/backend (the code before a
 * change) on the same seeded database and alternates the calls (this one, then the other), so a
 * machine busy with other work weighs on both alike; both columns are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildMainApp } from '../src/app.js';
import { loadConfig, type Config, type DatabaseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { exerciceBounds, exerciceOf } from '../src/domain/exercice.js';
import { createStorage } from '../src/files/storage.js';
import { sendOnlyJobQueue } from '../src/jobs/registry.js';
import { createMailer } from '../src/mail.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEFAULT_SEED, seedNetwork } from '../src/seed/network.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const scales = (args.scales ?? '1,10').split(',').map(Number);
const runs = Number(args.runs ?? 200);
const only = args.only?.split(',');
const withExport = 'export' in args;
const withExplain = 'explain' in args;
const against = args.against;
const serverUrl = process.env.DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
const today = '2026-06-15';
const exercice = exerciceOf(today);

const QUERIES: { label: string; as: 'staff' | 'agent'; url: string }[] = [
  {
    label: 'ventes_orions réseau : statut + montant + date, tri montant, page 3 de 25',
    as: 'staff',
    url: `/ventes_orions?status=Valid%C3%A9&amount[gte]=5000&subscriptionDate[after]=${exerciceBounds(exercice - 2).start}&order[amount]=desc&itemsPerPage=25&page=3`,
  },
  {
    label: 'ventes_orions réseau : fournisseur (contient) + exercice, tri par défaut',
    as: 'staff',
    url: `/ventes_orions?typeProduitsFin.providerName=corum&exercice=${exercice - 1}&itemsPerPage=25`,
  },
  {
    label: 'ventes_orions réseau : sans filtre, page 40 de 25',
    as: 'staff',
    url: '/ventes_orions?itemsPerPage=25&page=40',
  },
  {
    label: 'ventes_orions CGP0001 : filleul par cgpId + opération',
    as: 'agent',
    url: '/ventes_orions?cgpId=CGP0002&operation=Souscription&itemsPerPage=25',
  },
  {
    label: 'clients/clients réseau : nom (contient), tri nom, page 2',
    as: 'staff',
    url: '/clients/clients?lastName=ma&order[lastName]=asc&page=2',
  },
  {
    label: 'clients/clients réseau : type placement + 2 exercices',
    as: 'staff',
    url: `/clients/clients?type=investment&years=${exercice - 1},${exercice}`,
  },
  { label: 'clients/clients CGP0001 : par défaut', as: 'agent', url: '/clients/clients' },
  {
    label: 'clients/clients CGP0001 : type placement + 2 exercices (ventes de son périmètre)',
    as: 'agent',
    url: `/clients/clients?type=investment&years=${exercice - 1},${exercice}`,
  },
  {
    label: 'ventes_valoriciels réseau : statut + exercice, tri exercice desc, page 2 de 25',
    as: 'staff',
    url: `/ventes_valoriciels?advStatus=R%C3%A9serv%C3%A9&exercice=${exercice}&order[exercice]=desc&itemsPerPage=25&page=2`,
  },
  {
    label: 'ventes_valoriciels CGP0001 : dernière action desc',
    as: 'agent',
    url: '/ventes_valoriciels?order[lastAction]=desc&itemsPerPage=25',
  },
  {
    label: 'vlps réseau : exercice asc, tri montant, page 3 de 10',
    as: 'staff',
    url: `/vlps?exercice=${exercice}&order[amount]=asc&itemsPerPage=10&page=3`,
  },
  {
    label: 'ventes_valoriciels/year réseau : totaux de l’exercice',
    as: 'staff',
    url: `/ventes_valoriciels/year/${exercice}`,
  },
  {
    label: 'vlps/year réseau : total de l’exercice',
    as: 'staff',
    url: `/vlps/year/${exercice}`,
  },
  {
    label: 'ventes_orions/year réseau : totaux de l’exercice',
    as: 'staff',
    url: `/ventes_orions/year/${exercice}`,
  },
  {
    label: 'ventes_orions/year CGP0001 : ses totaux',
    as: 'agent',
    url: `/ventes_orions/year/${exercice}`,
  },
  {
    label: 'cgps/teams/sales réseau : toutes les équipes, tri VAVE, 100 par page',
    as: 'staff',
    url: `/cgps/teams/sales?year=${exercice}&order[vave]=desc&itemsPerPage=100`,
  },
  {
    label: 'cgps/teams/sales/direct réseau : têtes de réseau',
    as: 'staff',
    url: `/cgps/teams/sales/direct?year=${exercice}&itemsPerPage=10`,
  },
  {
    label: 'cgps/teams/sales/direct CGP0001 : ses filleuls directs',
    as: 'agent',
    url: `/cgps/teams/sales/direct?year=${exercice}&itemsPerPage=10`,
  },
  {
    label: 'cgps/teams/sales CGP0001 : toute son équipe, 100 par page',
    as: 'agent',
    url: `/cgps/teams/sales?year=${exercice}&itemsPerPage=100`,
  },
  {
    label: 'cgps/year CGP0001 : son équipe (team=true)',
    as: 'agent',
    url: `/cgps/year/${exercice}?team=true`,
  },
  {
    label: 'cgps/year réseau : immobilier et placement',
    as: 'staff',
    url: `/cgps/year/${exercice}`,
  },
  {
    label: 'events/team CGP0001 : son équipe, tous exercices, 25 par page',
    as: 'agent',
    url: '/events/team?itemsPerPage=25',
  },
  {
    label: 'events/count réseau : par consultant, exercice',
    as: 'staff',
    url: `/events/count?exercice=${exercice}&itemsPerPage=10`,
  },
  {
    label: 'reporting_inscriptions/consultants CGP0001 : toutes ses équipes',
    as: 'agent',
    url: '/reporting_inscriptions/consultants?itemsPerPage=10',
  },
  {
    label: 'sales/ranking CGP0001 : immobilier + placement, tous statuts',
    as: 'agent',
    url: `/sales/ranking/{claire}?exercice=${exercice}`,
  },
  {
    label: 'sales/ranking CGP0001 : placement terminé',
    as: 'agent',
    url: `/sales/ranking/{claire}?salesType=investment&statut=finished&exercice=${exercice}`,
  },
  {
    label: 'reminder_list/user CGP0001 : ses rappels, 10 par page',
    as: 'agent',
    url: '/reminder_list/user',
  },
  {
    label: 'reminder_list/user CGP0001 : badges du mois',
    as: 'agent',
    url: `/reminder_list/user/calendar?month=${today.slice(0, 7)}`,
  },
  {
    label: 'reminder_list/user réseau : nom du mandataire + type, 10 par page',
    as: 'staff',
    url: '/reminder_list/user?lastName=ma&type=personal',
  },
  { label: 'reminders réseau : rappels réseau', as: 'staff', url: '/reminders?type=hubnup' },
  { label: 'invoices/periods CGP0001 : ses années', as: 'agent', url: '/invoices/periods' },
  {
    label: 'invoices CGP0001 : un mois, 10 par page',
    as: 'agent',
    url: `/invoices?year=${today.slice(0, 4)}&month=${Number(today.slice(5, 7)) - 1}`,
  },
  {
    label: 'invoices réseau : un mois, tous les mandataires, page 5',
    as: 'staff',
    url: `/invoices?year=${today.slice(0, 4)}&month=${Number(today.slice(5, 7)) - 1}&page=5`,
  },
  {
    label: 'reminder_list/user/ics CGP0001 : tous ses rappels',
    as: 'agent',
    url: '/reminder_list/user/ics',
  },
];

async function databaseFor(
  scale: number,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (!serverUrl) return { config: { kind: 'pglite', dataDir: null }, drop: async () => {} };
  const name = `bench_${String(scale).replace('.', '_')}_${process.pid}`;
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

/**
 * The big exports (customers, sales) of the whole network in a fresh backend process
 * (`export-memory.ts`), so the resident memory measured is the server's alone, not the seeding's.
 * PostgreSQL only.
 */
async function measureExport(url: string): Promise<string> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/export-memory.ts', '--runs=3'],
    { env: { ...process.env, DATABASE_URL: url }, maxBuffer: 1 << 20 },
  );
  return stdout;
}

/** The plans of a query's statements on the sales and customer tables (not its access checks). */
async function explain(
  database: DatabaseConfig,
  label: string,
  statements: { query: string; params: unknown[] }[],
) {
  if (database.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    console.log(`\n#### ${label}`);
    for (const { query, params } of statements) {
      if (!/\b(investment_sales|real_estate_sales|vlps|customers)\b/.test(query)) continue;
      const plan = await client.query(`explain (analyze, costs off) ${query}`, params);
      console.log(`\n    ${query.slice(0, 160)}${query.length > 160 ? '…' : ''}`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
  } finally {
    await client.end();
  }
}

async function benchScale(scale: number) {
  const database = await databaseFor(scale);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  // With --explain, the statements of each query's first call, to be explained after it.
  const statements: { query: string; params: unknown[] }[] = [];
  let capturing = false;
  const handle = await openDatabase({
    database: database.config,
    logger: {
      logQuery: (query, params) => {
        if (capturing) statements.push({ query, params });
      },
    },
  });
  try {
    await seedDemo(handle.db);
    const seeded = await seedNetwork(handle.db, {
      scale,
      seed: DEFAULT_SEED,
      dataDir,
      today,
      log: (line) => console.log(line),
    });
    const config: Config = {
      ...loadConfig({
        JWT_SECRET: 'bench-secret-long-enough-for-hs256-0123456789',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
      }),
      database: database.config,
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
    const other = against ? await otherApp(against, handle.db, config) : null;
    const login = async (email: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/token',
          payload: { email, password: DEMO_PASSWORD },
        })
      ).json().token as string;
    const tokens = {
      staff: await login('admin@reseau-patrimoine.fr'),
      agent: await login('claire.martin@reseau-patrimoine.fr'),
    };
    const claire = (
      await app.inject({
        method: 'GET',
        url: '/me',
        headers: { authorization: `Bearer ${tokens.agent}` },
      })
    ).json().consultantId as number;
    const results: string[] = [];
    for (const query of QUERIES.filter((q) => !only || only.some((part) => q.url.includes(part)))) {
      const url = query.url.replace('{claire}', String(claire));
      const callOn = (target: typeof app) =>
        target.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${tokens[query.as]}` },
        });
      const call = () => callOn(app);
      statements.length = 0;
      capturing = withExplain;
      const first = await call();
      capturing = false;
      if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
      if (withExplain) await explain(database.config, query.label, statements);
      if (other) {
        const theirs = await callOn(other.app);
        if (theirs.body !== first.body)
          console.log(`  ! ${url}: the other copy answers differently`);
      }
      for (let i = 0; i < 20; i++) {
        await call();
        if (other) await callOn(other.app);
      }
      const times: number[] = [];
      const otherTimes: number[] = [];
      const timed = async (target: typeof app, list: number[]) => {
        const start = performance.now();
        await callOn(target);
        list.push(performance.now() - start);
      };
      for (let i = 0; i < runs; i++) {
        // Alternated, each first every other time, so the other work of the machine (and
        // whatever the first call leaves warm) weighs on both alike.
        if (other && i % 2 === 1) await timed(other.app, otherTimes);
        await timed(app, times);
        if (other && i % 2 === 0) await timed(other.app, otherTimes);
      }
      // A file (an .ics) has no total: its events are counted.
      const answer = /json/.test(String(first.headers['content-type']))
        ? first.json()
        : { total: first.body.split('BEGIN:VEVENT').length - 1 };
      const total = (answer['hydra:totalItems'] ??
        answer.outOf ??
        answer.total ??
        answer.days?.length ??
        '') as number;
      const figures = (list: number[]) => {
        list.sort((a, b) => a - b);
        return `${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)}`;
      };
      results.push(
        `| ${engine} | ${scale} | ${query.label} | ${total} | ${other ? `${figures(otherTimes)} | ` : ''}${figures(times)} |`,
      );
    }
    await app.close();
    await other?.close();
    mailer.close();
    if (withExport && database.config.kind === 'postgres')
      console.log(
        `\nExports, ${engine}, échelle ${scale}\n| Export | Essai | Lignes | Fichier | Durée | Premier octet | RSS avant | RSS max | Croissance | Limite du tas |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n${await measureExport(database.config.url)}`,
      );
    console.log(
      `\nSeed ${engine}, échelle ${scale} : ${seeded.rows} lignes en ${(seeded.ms / 1000).toFixed(1)} s (${Math.round(seeded.rows / (seeded.ms / 1000))} lignes/s)\n`,
    );
    if (against) {
      console.log(`(autre copie : ${against})`);
      console.log(
        '| Base | Échelle | Requête | Total | p50 autre (ms) | p95 autre (ms) | p50 (ms) | p95 (ms) |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    } else {
      console.log('| Base | Échelle | Requête | Total | p50 (ms) | p95 (ms) |');
      console.log('| --- | --- | --- | --- | --- | --- |');
    }
    for (const line of results) console.log(line);
    console.log('');
  } finally {
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The main app of another copy of apps/backend (`--against`), on the same database and config:
 * its own modules (another `src/`), the packages of this one.
 */
async function otherApp(dir: string, db: unknown, config: Config) {
  const from = (path: string) => import(pathToFileURL(join(dir, 'src', path)).href);
  const { buildMainApp: build } = (await from('app.ts')) as { buildMainApp: typeof buildMainApp };
  const { createMailer: mailerOf } = (await from('mail.ts')) as {
    createMailer: typeof createMailer;
  };
  const { createStorage: storageOf } = (await from('files/storage.ts')) as {
    createStorage: typeof createStorage;
  };
  const mailer = mailerOf(config, db as never);
  const storage = storageOf(config);
  // A copy from before the job queue has none to give (the registry was jobs/index.ts before).
  const jobs = await from('jobs/registry.ts')
    .catch(() => from('jobs/index.ts'))
    .then(
      (module: { sendOnlyJobQueue: typeof sendOnlyJobQueue }) =>
        module.sendOnlyJobQueue({ db: db as never, config, mailer, storage }),
      () => undefined,
    );
  const app = await build({ db: db as never, config, mailer, storage, jobs: jobs as never });
  return {
    app,
    close: async () => {
      await app.close();
      mailer.close();
    },
  };
}

for (const scale of scales) await benchScale(scale);

import { join } from 'node:path';
import { fakerFR } from '@faker-js/faker';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { customers } from '../db/schema.js';
import { seedAgents } from './network/agents.js';
import { seedLibrary, seedNews, seedNotifications, seedReminders } from './network/content.js';
import type { SeedContext } from './network/context.js';
import { FileStore } from './network/files.js';
import type { FileStorage } from '../files/storage.js';
import type { Log } from './network/insert.js';
import {
  seedInvoices,
  seedProspects,
  seedRegistrations,
  seedTracking,
  seedTraining,
} from './network/people.js';
import { Random } from './network/random.js';
import { seedCustomers, seedSales } from './network/sales.js';

export interface NetworkOptions {
  /** Multiplies the volumes: 1 = ~300 agents, 5,000 customers, 20,000 sales. */
  scale: number;
  seed: number;
  /** Files go to `<dataDir>/files`, or through `<dataDir>/incoming/seed` to `storage` (S3). */
  dataDir: string;
  storage?: FileStorage;
  /** The demo's "today" (YYYY-MM-DD); defaults to the current UTC date. */
  today?: string;
  log?: Log;
}

export const DEFAULT_SEED = 20_260_101;

/** Options from SEED_SCALE and SEED (environment), with the defaults of `npm start`. */
export function networkOptionsFromEnv(env: NodeJS.ProcessEnv, dataDir: string): NetworkOptions {
  const scale = Number(env.SEED_SCALE ?? 1);
  const seed = Number(env.SEED ?? DEFAULT_SEED);
  if (!(scale >= 0) || !Number.isFinite(scale))
    throw new Error(`SEED_SCALE invalide : ${env.SEED_SCALE}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`SEED invalide : ${env.SEED}`);
  return { scale, seed, dataDir, today: env.SEED_TODAY };
}

export async function hasNetwork(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(customers);
  return Number(row?.n ?? 0) > 0;
}

/**
 * Builds the demo network on top of the demo accounts (seedDemo must have run): the same
 * options give the same rows, ids included, on a fresh database.
 */
export async function seedNetwork(
  db: Database,
  options: NetworkOptions,
): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const faker = fakerFR;
  faker.seed(options.seed);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const ctx: SeedContext = {
    db,
    random: new Random(options.seed),
    faker,
    files: new FileStore(
      options.storage?.kind === 's3'
        ? join(options.dataDir, 'incoming', 'seed')
        : join(options.dataDir, 'files'),
    ),
    scale: options.scale,
    today,
    rows: 0,
    log: (message) =>
      log(`  [${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`),
  };
  log(`Réseau de démonstration (échelle ${options.scale}, graine ${options.seed}, au ${today}) :`);
  // One transaction: a failed seed leaves no half network behind, and commits once.
  const rows = await db.transaction((tx) => build({ ...ctx, db: tx as unknown as Database }));
  // With S3, the files go to the bucket once their rows have committed (demo data: a crash
  // here leaves rows without files; start again on an empty database).
  if (options.storage) {
    const sent = await ctx.files.publish(options.storage);
    if (sent > 0) ctx.log(`${sent} fichiers envoyés au stockage S3`);
  }
  // Then, as autovacuum would after a bulk load (outside a transaction): the statistics, and
  // the visibility map that lets the planner read an index without visiting the table.
  await db.execute(sql`vacuum analyze`);
  const ms = performance.now() - started;
  log(
    `  ${rows} lignes en ${(ms / 1000).toFixed(1)} s (${Math.round(rows / (ms / 1000))} lignes/s)`,
  );
  return { rows, ms };
}

async function build(ctx: SeedContext): Promise<number> {
  const network = await seedAgents(ctx);
  const clientList = await seedCustomers(ctx, network);
  await seedSales(ctx, network, clientList);
  await seedProspects(ctx, network);
  await seedNews(ctx, network);
  await seedNotifications(ctx, network);
  await seedReminders(ctx, network, clientList);
  await seedLibrary(ctx, network);
  await seedInvoices(ctx, network);
  await seedTraining(ctx, network);
  await seedRegistrations(ctx, network);
  await seedTracking(ctx);
  return ctx.rows;
}

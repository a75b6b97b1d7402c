import { loadConfig } from './config.js';
import { applyMigrations } from './db/apply-migrations.js';
import { migrationsFolder, openDatabase } from './db/client.js';
import { pendingMigrations, upgradeData } from './db/migrations.js';
import { lockEmbeddedDatabase } from './db/startup-lock.js';
import { startJobQueue } from './jobs/queue.js';

/**
 * The migration step, run on its own before the server processes start (`node dist/migrate.js`,
 * `pnpm --filter @portal/backend migrate` in development): the SQL migrations, the data steps
 * that follow them, and the job queue's schema. Safe to run again, and from several machines at
 * once (an advisory lock orders them on PostgreSQL).
 */
const config = loadConfig();
const lock = lockEmbeddedDatabase(config);
try {
  const { db, close } = await openDatabase({ database: config.database, migrate: false });
  let pending: number;
  try {
    pending = await pendingMigrations(db);
    await applyMigrations(db, migrationsFolder);
    await upgradeData(db);
    // pg-boss creates or upgrades its schema as it starts (under its own lock).
    const queue = await startJobQueue(db, [], { work: false, supervise: false });
    await queue.stop();
  } finally {
    await close();
  }
  console.log(
    pending > 0
      ? `Base de données migrée : ${pending} migration(s) appliquée(s).`
      : 'Base de données déjà à jour.',
  );
} finally {
  lock?.release();
}

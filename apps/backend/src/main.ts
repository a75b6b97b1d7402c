import { buildMainApp, buildTrainingApp } from './app.js';
import { withTokenSecret } from './auth/secret.js';
import { loadConfig } from './config.js';
import { openDatabaseAtStart } from './db/migrations.js';
import { lockEmbeddedDatabase } from './db/startup-lock.js';
import { createMailer } from './mail.js';
import { demoAccounts } from './seed/accounts.js';
import { createStorage } from './files/storage.js';
import { jobDefinitions } from './jobs/registry.js';
import { startJobQueue } from './jobs/queue.js';
import { mainUploads } from './handlers/index.js';
import { startMaintenance } from './maintenance/index.js';
import { createObservability, serveMetrics } from './observability/index.js';

// pg-boss settles a job without awaiting it (its complete and fail calls): a database refusal
// there, or any other promise nobody awaits, is logged and the process goes on serving. Node's
// default would end it, and with it every request in flight and every job it holds.
process.on('unhandledRejection', (reason) => {
  console.error('Promesse rejetée sans traitement :', reason);
});

const settings = loadConfig();
const lock = lockEmbeddedDatabase(settings);
// Migrated first unless MIGRATE_ON_START=0 (then refused when a migration is missing).
const database = await openDatabaseAtStart(settings);
// Without JWT_SECRET, the secret every process on this database shares.
const config = await withTokenSecret(settings, database.db);
const storage = createStorage(config);
// The demo seed (and faker, a development dependency) is loaded only when it runs.
const seeded = config.seedOnStart
  ? await (
      await import('./seed/startup.js')
    ).seedOnFirstStart(database.db, config.dataDir, process.env, storage)
  : false;
// Uploads cut short by a crash: finished when their row committed, removed otherwise; then
// again every MAINTENANCE_INTERVAL_SECONDS, for the files of processes that die meanwhile.
const maintenance = await startMaintenance({
  db: database.db,
  storage,
  soleProcess: lock !== null,
  intervalMs: config.maintenanceIntervalMs,
  heartbeatMs: config.heartbeatMs,
  deadAfterMs: config.processDeadAfterMs,
  uploads: mainUploads(config),
  onError: (error) => console.error('Maintenance :', error),
});
const swept = maintenance.startup;
if (swept.finished.length + swept.removed.length > 0)
  console.log(
    `Fichiers envoyés : ${swept.finished.length} terminé(s), ${swept.removed.length} orphelin(s) supprimé(s).`,
  );
const mailer = createMailer(config, database.db);
const observability = createObservability(config, database.db);
// Every process works the queue and takes part in its schedules (each tick runs once); the jobs
// it runs name it, and those of a process whose heartbeat stopped are failed (and retried).
const jobs = await startJobQueue(
  database.db,
  jobDefinitions({ db: database.db, config, mailer, storage }),
  {
    work: true,
    supervise: true,
    // Alone on the embedded database: what a crashed run left active is failed at once.
    soleProcess: lock !== null,
    holder: maintenance.liveness,
    pollingIntervalSeconds: config.jobPollingSeconds,
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    onError: (error) => console.error('File de tâches :', error),
    observability,
  },
);
const deps = { db: database.db, config, mailer, storage, jobs, observability };
const main = await buildMainApp(deps);
const training = await buildTrainingApp(deps);

await main.listen({ host: config.host, port: config.port });
await training.listen({ host: config.host, port: config.trainingPort });
await serveMetrics(observability, config);

const base = (port: number) =>
  `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
console.log(`API principale : ${base(config.port)}`);
console.log(`API formation : ${base(config.trainingPort)}`);
if (mailer.usesOutbox && config.devOutbox)
  console.log(
    `Boîte d'envoi (courriels de développement, DEV_OUTBOX=1) : ${base(config.port)}/dev/outbox`,
  );
else if (mailer.usesOutbox)
  console.log(
    'Courriels conservés dans la table mail_outbox (SMTP_URL absent) ; ' +
      'DEV_OUTBOX=1 les affiche sur /dev/outbox en développement.',
  );
if (config.devOutboxRefusal) console.warn(config.devOutboxRefusal);
console.log(
  seeded ? 'Comptes de démonstration :' : 'Comptes de démonstration (si la base vient du seed) :',
);
for (const account of demoAccounts)
  console.log(`  ${account.email} / ${account.password} — ${account.role}`);

console.log(`Processus : ${maintenance.liveness.id} (pid ${process.pid})`);

/**
 * SIGTERM (or SIGINT): the APIs stop accepting and let the requests in flight end (each answer
 * says `Connection: close`, idle connections are closed), while the jobs running here go back
 * to the queue at once for another process; then the process exits 0. A second signal, or
 * requests still running after SHUTDOWN_GRACE_MS, stop it at once with exit code 1.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    console.error(`${signal} reçu de nouveau : arrêt immédiat.`);
    process.exit(1);
  }
  stopping = true;
  main.log.info(`${signal} reçu, arrêt en cours`);
  setTimeout(() => {
    console.error(
      `Arrêt immédiat : des requêtes duraient encore après ${config.shutdownGraceMs} ms (SHUTDOWN_GRACE_MS).`,
    );
    process.exit(1);
  }, config.shutdownGraceMs).unref();
  await Promise.allSettled([
    main.close(),
    training.close(),
    // Told to stop, a job has half the grace to do so; then pg-boss fails it (retried).
    jobs.stop({ releaseWithinMs: Math.min(10_000, config.shutdownGraceMs / 2) }),
  ]);
  await maintenance.stop();
  await mailer.settled();
  mailer.close();
  await database.close();
  lock?.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

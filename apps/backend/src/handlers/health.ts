import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { pendingMigrations } from '../db/migrations.js';
import { serviceUnavailable } from '../http/errors.js';
import type { Deps, HandlerMap } from '../deps.js';

/** Longest time one readiness check may take: a probe must answer before its own timeout. */
export const READINESS_CHECK_MS = 3_000;

/** Why `/readyz` says no, one phrase per failed check. */
export const readinessFailures = {
  database: 'base de données injoignable',
  migrations: 'migrations de la base non appliquées',
  storage: 'stockage des fichiers injoignable',
} as const;

type Check = keyof typeof readinessFailures;

/** Rejects when `work` takes longer than `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The probes of the load balancer and the orchestrator (no token, no rate limit). `/healthz`
 * touches nothing: a process whose database is away must not be restarted for it (it serves
 * again by itself when the database returns). `/readyz` asks the database, its migrations and
 * the file store, each within READINESS_CHECK_MS.
 */
export function healthHandlers({ db, storage }: Deps): HandlerMap {
  const getHealth: Handler<Principal> = handWritten(
    'a liveness probe that touches nothing',
    async () => ({ status: 200, body: { status: 'ok' } }),
  );

  const getReadiness: Handler<Principal> = handWritten(
    'probes the database, its migrations and the file store with time limits',
    async (context) => {
      const database = within(READINESS_CHECK_MS, db.execute(sql`select 1`));
      const [reachable, migrated, stored] = await Promise.allSettled([
        database,
        // Asked only once the database answers: its failure is the database's, said once.
        database.then(() =>
          within(
            READINESS_CHECK_MS,
            pendingMigrations(db).then((pending) => pending === 0),
          ),
        ),
        within(READINESS_CHECK_MS, storage.check()),
      ]);
      const failed: Check[] = [];
      if (reachable.status === 'rejected') failed.push('database');
      else if (migrated.status === 'rejected' || migrated.value !== true) failed.push('migrations');
      if (stored.status === 'rejected') failed.push('storage');
      if (failed.length > 0) {
        const reasons = new Set(
          [reachable, migrated, stored]
            .filter((result) => result.status === 'rejected')
            .map((result) => String((result as PromiseRejectedResult).reason)),
        );
        context.request.log.warn(`not ready: ${failed.join(', ')} (${[...reasons].join('; ')})`);
        throw serviceUnavailable(
          `Le service n'est pas prêt : ${failed.map((check) => readinessFailures[check]).join(', ')}.`,
        );
      }
      return {
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
      };
    },
  );

  return {
    getHealth,
    getReadiness,
  };
}

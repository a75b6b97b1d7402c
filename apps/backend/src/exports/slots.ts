import { Readable, Transform, pipeline } from 'node:stream';
import { sql } from 'drizzle-orm';
import { principalOf } from '../auth/principal.js';
import { wrapping, type Contract, type Operation } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { Deps, HandlerMap } from '../deps.js';
import { retryLater } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { PROCESS_ID } from '../maintenance/processes.js';
import { XLSX_MEDIA_TYPE } from './xlsx.js';

/**
 * At most `EXPORT_CONCURRENCY` exports per user at once, counted in `running_exports` so that
 * every process sees the same count: a user who starts eight exports cannot slow everyone's
 * lists. A slot is freed before the file's last bytes go out (or when the download stops), so a
 * client that starts its next export once the last one arrived finds its slot free; the slots
 * of a process that died are freed by the maintenance sweep.
 */

/** Namespace of the per-user advisory lock that serializes the count and the insert. */
const EXPORT_LOCK = 7_450_221;

/** Takes a slot for `userId`; null when he already has `max` exports running. */
export async function takeExportSlot(
  db: Database,
  userId: number,
  max: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK}, ${userId})`);
    const counted = await tx.execute(
      sql`select count(*)::int as n from running_exports where user_id = ${userId}`,
    );
    if (Number(rowsOf<{ n: number }>(counted)[0]!.n) >= max) return null;
    const inserted = await tx.execute(sql`
      insert into running_exports (user_id, process_id) values (${userId}, ${PROCESS_ID})
      returning id`);
    return rowsOf<{ id: string }>(inserted)[0]!.id;
  });
}

export async function releaseExportSlot(db: Database, id: string): Promise<void> {
  await db.execute(sql`delete from running_exports where id = ${id}`);
}

/** An operation whose answer is a spreadsheet: it runs in one of the caller's export slots. */
export const isSpreadsheetExport = (operation: Operation) => {
  const ok = (operation.definition.responses as Record<string, { content?: object }> | undefined)?.[
    '200'
  ];
  return ok?.content !== undefined && XLSX_MEDIA_TYPE in ok.content;
};

/** Seconds a refused export is told to wait: the usual export takes a few. */
const RETRY_AFTER_MS = 5_000;

/**
 * Wraps the handler of every operation whose answer is a spreadsheet so that it runs in one of
 * the caller's export slots: declared by the contract, not by each handler.
 */
export function limitConcurrentExports(
  contract: Contract,
  handlers: HandlerMap,
  { db, config }: Pick<Deps, 'db' | 'config'>,
): HandlerMap {
  const wrapped: HandlerMap = { ...handlers };
  for (const operation of contract.operations.filter(isSpreadsheetExport)) {
    const inner = handlers[operation.operationId];
    if (!inner) continue;
    wrapped[operation.operationId] = wrapping(inner, async (context) => {
      const { user } = principalOf(context);
      const slot = await takeExportSlot(db, user.id, config.exportConcurrency);
      if (slot === null)
        throw retryLater(messages.tooManyExports(config.exportConcurrency), RETRY_AFTER_MS);
      let released: Promise<void> | undefined;
      const release = () => (released ??= releaseExportSlot(db, slot).catch(() => undefined));
      try {
        const result = await inner(context);
        const body = result.body;
        if (!(body instanceof Readable)) {
          await release();
          return result;
        }
        // The end of the file waits for its slot to be free; a failed or abandoned download
        // frees it when its stream closes.
        const freeing = new Transform({
          transform: (chunk, _encoding, done) => done(null, chunk),
          flush: (done) => void release().then(() => done()),
        });
        pipeline(body, freeing, () => void release());
        context.reply.raw.once('close', () => void release());
        return { ...result, body: freeing };
      } catch (error) {
        await release();
        throw error;
      }
    });
  }
  return wrapped;
}

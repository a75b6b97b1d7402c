import { FILE_TOO_LARGE } from '@portal/api/generated/field-messages';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { inBatches } from '../db/batches.js';
import {
  agents,
  dispatchInvoiceOutcomes,
  dispatchInvoiceRequests,
  invoices,
} from '../db/schema.js';
import { FileTooLargeError, stageStream, type StagedFile } from '../files/staging.js';
import type { FileStorage } from '../files/storage.js';
import {
  assertHeaders,
  assertStorable,
  readSpreadsheet,
  type SpreadsheetSource,
} from '../files/spreadsheet.js';
import { listZip, readZip, type ZipReadOptions } from '../files/zip.js';
import { HttpError } from '../http/errors.js';
import type { Deps } from '../deps.js';
import type { Transaction } from '../jobs/executor.js';
import type { JobDefinition, JobQueue } from '../jobs/queue.js';
import { jobWaitsOrRuns } from '../jobs/queue-tables.js';

export const DISPATCH_INVOICES_JOB = 'invoices.dispatch';
/** The recurring sweep that ends the requests whose job is gone. */
export const SWEEP_DISPATCHES_JOB = 'invoices.dispatch-sweep';
/** Where the dispatch's uploads and the invoices it files are kept (one swept folder). */
export const DISPATCH_FOLDER = 'invoices/dispatch';
/** Largest single invoice. */
export const INVOICE_MAX_BYTES = 20 * 1024 ** 2;
/** The archive's limits (the platform's defaults, one invoice per entry). */
export const DISPATCH_ZIP_LIMITS: ZipReadOptions = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  field: 'invoicesFile',
};
/** Attempts after the first, for failures of the machine (a crash resumes where it stopped). */
const RETRY_LIMIT = 2;

export const dispatchMessages = {
  alreadyRunning: 'Un dispatch de factures est déjà en cours.',
  notWaiting: 'Seule une demande en attente peut être exécutée.',
  zipEmpty: "L'archive ne contient aucun fichier.",
  mappingEmpty: 'Le fichier de correspondance ne contient aucune ligne.',
  zipMissing: "L'archive des factures est introuvable.",
  mappingMissing: 'Le fichier de correspondance est introuvable.',
  failed: 'Une erreur est survenue pendant le dispatch.',
  interrupted:
    "Le dispatch s'est interrompu avant la fin : les lignes du rapport sont classées, déposez à nouveau les fichiers pour le reste.",
  notCancellable: 'Seule une demande en attente peut être annulée.',
  notInZip: "Fichier absent de l'archive.",
  notPdf: "Le fichier n'est pas un PDF.",
  tooLarge: FILE_TOO_LARGE,
  unknownAgent: (cgpId: string) => `Mandataire inconnu : ${cgpId}.`,
  duplicate: (line: number) => `Fichier déjà indiqué ligne ${line}.`,
  ambiguous: "Plusieurs fichiers de l'archive portent ce nom : indiquez son chemin.",
};

/** The mapping's columns; headers match any case and accents (`Année` = `annee`). */
export const MAPPING_COLUMNS = [
  {
    key: 'filename',
    headers: ['Fichier', 'filename', 'Nom du fichier'],
    type: 'text',
    required: true,
    maxLength: 255,
  },
  {
    key: 'cgpId',
    headers: ['cgpId', 'idCgp', 'ID CGP'],
    type: 'text',
    required: true,
    maxLength: 40,
  },
  {
    key: 'year',
    headers: ['Année', 'year'],
    type: 'integer',
    required: true,
    min: 1900,
    max: 2999,
  },
  { key: 'month', headers: ['Mois', 'month'], type: 'integer', required: true, min: 1, max: 12 },
] as const;

const PDF_SIGNATURE = Buffer.from('%PDF-');

/** A stored file as the spreadsheet reader takes it; null when it is gone. */
async function storedSource(storage: FileStorage, key: string): Promise<SpreadsheetSource | null> {
  const found = await storage.read(key);
  if (!found) return null;
  found.stream.destroy();
  return {
    size: found.size,
    async open() {
      const again = await storage.read(key);
      if (!again) throw new Error(`${key} vanished`);
      return again.stream;
    },
  };
}

/**
 * Runs `work` on a local copy of `content` (the zip reader needs random access; the file storage
 * may be S3), removed afterwards whatever happens.
 */
export async function withLocalCopy<T>(
  content: Readable,
  work: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'dispatch-'));
  try {
    const path = join(folder, 'archive.zip');
    await pipeline(content, createWriteStream(path, { flags: 'wx' }));
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Reads the mapping: a French 422 on `mappingFile` for a file that is not one, lacks a column or
 * holds a cell PostgreSQL cannot store (a NUL): refused at upload, and a request kept from before
 * ends FAILED with the same sentence when it runs.
 */
export async function readMapping(source: SpreadsheetSource) {
  const sheet = await readSpreadsheet(source, MAPPING_COLUMNS, { field: 'mappingFile' });
  assertHeaders(sheet, 'mappingFile');
  assertStorable(sheet, 'mappingFile');
  return sheet;
}

/** The upload's checks on the zip's directory (nothing inflated): a French 422 on `invoicesFile`. */
export async function checkInvoicesZip(path: string): Promise<void> {
  const files = await listZip(path, DISPATCH_ZIP_LIMITS);
  if (files.length === 0)
    throw new HttpError(422, `invoicesFile: ${dispatchMessages.zipEmpty}`, [
      { propertyPath: 'invoicesFile', message: dispatchMessages.zipEmpty },
    ]);
}

/** Why a request stops: said to staff as is on the request. */
class DispatchFailure extends Error {}

/** The request stopped being PROCESSING under a running job (the sweeper ended it): stop filing. */
class DispatchStopped extends Error {}

const nameKey = (name: string) => name.normalize('NFC').toLowerCase();
const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

interface Pending {
  line: number;
  /** The file's name, its folders left out: the invoice's name. */
  filename: string;
  /** The cell as staff typed it: what a refusal in the report names. */
  mapped: string;
  cgpId: string;
  agentId: number;
  year: number;
  month: number;
}

type OutcomeRow = typeof dispatchInvoiceOutcomes.$inferInsert;

/** The counters of the request, from its report (exact whatever the attempt). */
async function refreshCounts(db: Database, requestId: number) {
  await db.execute(sql`update dispatch_invoice_requests r set
      processed = c.processed, filed = c.filed, refused = c.refused
    from (select count(*)::int as processed,
            (count(*) filter (where outcome = 'FILED'))::int as filed,
            (count(*) filter (where outcome = 'REFUSED'))::int as refused
          from dispatch_invoice_outcomes where request_id = ${requestId}) c
    where r.id = ${requestId}`);
}

async function recordRefusals(db: Database, requestId: number, rows: OutcomeRow[]) {
  await inBatches(rows, async (batch) => {
    await db.insert(dispatchInvoiceOutcomes).values(batch).onConflictDoNothing();
  });
  if (rows.length > 0) await refreshCounts(db, requestId);
}

/**
 * Files the invoices of one request. Each row of the mapping ends as one outcome row, written
 * in the same transaction as the invoice it files: a file is filed whole (its row, then its
 * final name) or not at all, and a later attempt skips the lines already in the report.
 */
export async function runDispatch(
  deps: Pick<Deps, 'db' | 'storage'>,
  requestId: number,
  /** Aborted when the process stops: the dispatch stops before its next file (resumable). */
  signal?: AbortSignal,
): Promise<void> {
  const { db, storage } = deps;
  const [request] = await db
    .select()
    .from(dispatchInvoiceRequests)
    .where(eq(dispatchInvoiceRequests.id, requestId));
  if (!request) return;

  const mappingSource = await storedSource(storage, request.mappingFilePath);
  if (!mappingSource) throw new DispatchFailure(dispatchMessages.mappingMissing);
  const sheet = await readMapping(mappingSource);
  if (sheet.rows.length === 0) throw new DispatchFailure(dispatchMessages.mappingEmpty);
  await db
    .update(dispatchInvoiceRequests)
    .set({ total: sheet.rows.length })
    .where(eq(dispatchInvoiceRequests.id, requestId));

  const done = new Set(
    (
      await db
        .select({ line: dispatchInvoiceOutcomes.line })
        .from(dispatchInvoiceOutcomes)
        .where(eq(dispatchInvoiceOutcomes.requestId, requestId))
    ).map((row) => row.line),
  );
  const cgpIds = [
    ...new Set(sheet.rows.flatMap((row) => (row.values.cgpId ? [row.values.cgpId.trim()] : []))),
  ];
  const known = await inBatches(cgpIds, (batch) =>
    db
      .select({ id: agents.id, cgpId: agents.cgpId })
      .from(agents)
      .where(inArray(agents.cgpId, batch)),
  );
  const agentIds = new Map(known.map((agent) => [agent.cgpId, agent.id]));

  // Each line: refused at once (its cells, its agent, a file named twice), or waiting for its file.
  const refusals: OutcomeRow[] = [];
  const pending = new Map<string, Pending[]>();
  const firstLine = new Map<string, number>();
  for (const row of sheet.rows) {
    const { filename, cgpId, year, month } = row.values;
    const cgp = cgpId?.trim() ?? null;
    const base: OutcomeRow = {
      requestId,
      line: row.line,
      filename,
      cgpId: cgp,
      year,
      month,
      outcome: 'REFUSED',
    };
    const key = filename ? nameKey(filename.trim()) : '';
    const seenAt = firstLine.get(key);
    if (key && seenAt === undefined) firstLine.set(key, row.line);
    if (done.has(row.line)) continue;
    let reason: string | null = null;
    if (row.errors.length > 0)
      reason = row.errors.map((error) => `${error.column} : ${error.message}`).join(' ');
    else if (!agentIds.has(cgp!)) reason = dispatchMessages.unknownAgent(cgp!);
    else if (seenAt !== undefined) reason = dispatchMessages.duplicate(seenAt);
    if (reason) {
      refusals.push({ ...base, reason });
      continue;
    }
    const entry: Pending = {
      line: row.line,
      filename: baseName(filename!.trim()),
      mapped: filename!.trim(),
      cgpId: cgp!,
      agentId: agentIds.get(cgp!)!,
      year: year!,
      month: month!,
    };
    pending.set(key, [...(pending.get(key) ?? []), entry]);
  }
  await recordRefusals(db, requestId, refusals);
  if (pending.size === 0) return;

  const zip = await storage.read(request.invoicesFilePath);
  if (!zip) throw new DispatchFailure(dispatchMessages.zipMissing);
  await withLocalCopy(zip.stream, async (path) => {
    // The mapping names a file by its path in the archive, or by its name alone when no other
    // file of the archive has it.
    const entries = await listZip(path, DISPATCH_ZIP_LIMITS);
    const byBase = new Map<string, number>();
    for (const entry of entries) {
      const key = nameKey(baseName(entry.name));
      byBase.set(key, (byBase.get(key) ?? 0) + 1);
    }
    const ambiguous: OutcomeRow[] = [];
    for (const [key, rows] of pending) {
      const byPath = entries.some((entry) => nameKey(entry.name) === key);
      if (!byPath && (byBase.get(key) ?? 0) > 1) {
        pending.delete(key);
        for (const row of rows)
          ambiguous.push({ ...outcomeOf(requestId, row), reason: dispatchMessages.ambiguous });
      }
    }
    await recordRefusals(db, requestId, ambiguous);

    const batch = filingBatch(deps, requestId, signal);
    try {
      await readZip(path, DISPATCH_ZIP_LIMITS, async (entry, stream) => {
        const key = pending.has(nameKey(entry.name))
          ? nameKey(entry.name)
          : nameKey(baseName(entry.name));
        const rows = pending.get(key);
        if (!rows) return;
        pending.delete(key);
        // A name is mapped once (a second mention is refused above): one row per file.
        for (const row of rows) await batch.add(row, stream);
      });
      await batch.flush();
    } catch (error) {
      await batch.discard();
      throw error;
    }
  });

  // Whatever the archive did not hold.
  const missing = [...pending.values()]
    .flat()
    .map((row) => ({ ...outcomeOf(requestId, row), reason: dispatchMessages.notInZip }));
  await recordRefusals(db, requestId, missing);
}

const outcomeOf = (requestId: number, row: Pending): OutcomeRow => ({
  requestId,
  line: row.line,
  filename: row.mapped,
  cgpId: row.cgpId,
  year: row.year,
  month: row.month,
  outcome: 'REFUSED',
});

/** Invoices filed per statement: one commit (one fsync) and one round trip for many files. */
const FILING_BATCH = 50;

/** Same invoice, same row: the unique (agent, year, month, file name) of `invoices`. */
const targetOf = (row: Pending) => `${row.agentId}/${row.year}/${row.month}/${row.filename}`;

/**
 * Files one batch in one statement, hence one transaction: the invoices (the same invoice sent
 * again takes the new file), their report lines and the request's counters. Answers, in the
 * batch's order, the file each invoice had before (to remove once the new one is in place).
 */
async function fileBatch(
  db: Database,
  requestId: number,
  files: { row: Pending; filePath: string }[],
): Promise<(string | null)[]> {
  const input = sql.join(
    files.map(
      ({ row, filePath }, i) =>
        sql`(${i}::int, ${row.line}::int, ${row.agentId}::int, ${row.year}::int,
          ${row.month}::int, ${row.filename}::text, ${row.cgpId}::text, ${filePath}::text)`,
    ),
    sql`, `,
  );
  const rows = rowsOf<{ ord: number; old_path: string | null }>(
    await db.execute(sql`
      with input (ord, line, agent_id, year, month, filename, cgp_id, file_path) as (
        values ${input}),
      old as (
        select i.agent_id, i.year, i.month, i.filename, i.file_path
        from ${invoices} i join input using (agent_id, year, month, filename)
        for update of i),
      filed as (
        insert into ${invoices} (agent_id, year, month, filename, file_path)
        select agent_id, year, month, filename, file_path from input
        on conflict (agent_id, year, month, filename)
          do update set file_path = excluded.file_path, created_at = now()
        returning id, agent_id, year, month, filename),
      reported as (
        insert into ${dispatchInvoiceOutcomes}
          (request_id, line, filename, cgp_id, year, month, outcome, invoice_id)
        select ${requestId}, input.line, input.filename, input.cgp_id, input.year, input.month,
          'FILED', filed.id
        from input join filed using (agent_id, year, month, filename)
        returning 1),
      counted as (
        update ${dispatchInvoiceRequests}
        set processed = processed + ${files.length}, filed = filed + ${files.length}
        where id = ${requestId}
        returning 1)
      select input.ord, old.file_path as old_path
      from input left join old using (agent_id, year, month, filename)
      order by input.ord`),
  );
  return rows.map((row) => row.old_path);
}

/**
 * Files the invoices of a request by batches: each file is staged under a temporary name and
 * checked as a PDF; then the rows of a batch commit in one statement, and only then do its files
 * take their final names. A crash before the commit leaves temporary files only (swept), after
 * it the sweep finishes the renames: each file is filed whole or not at all, and the report says
 * which. One batch commits while the next one is staged (at most two batches of files on disk).
 */
function filingBatch(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  requestId: number,
  signal?: AbortSignal,
) {
  let staged: { row: Pending; file: StagedFile }[] = [];
  /** The batch committing meanwhile; it always settles (its error is kept for the next step). */
  let committing: Promise<unknown> = Promise.resolve();
  // After the batch committing: the counters are recounted from the report.
  const refuse = async (row: Pending, reason: string) => {
    await committing;
    await recordRefusals(db, requestId, [{ ...outcomeOf(requestId, row), reason }]);
  };

  async function commit(files: { row: Pending; file: StagedFile }[]) {
    let replaced: (string | null)[];
    try {
      signal?.throwIfAborted();
      // An attempt the sweeper gave up on (past its time limit) must not go on beside the next
      // dispatch: it stops at its next batch.
      const [request] = await db
        .select({ status: dispatchInvoiceRequests.status })
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.id, requestId));
      if (request?.status !== 'PROCESSING') throw new DispatchStopped();
      replaced = await fileBatch(
        db,
        requestId,
        files.map(({ row, file }) => ({ row, filePath: file.finalPath('pdf') })),
      );
    } catch (error) {
      await Promise.all(files.map(({ file }) => file.discard()));
      throw error;
    }
    await Promise.all(
      files.map(async ({ file }, i) => {
        await file.commit('pdf');
        const old = replaced[i];
        if (old && old !== file.finalPath('pdf')) await storage.delete(old).catch(() => undefined);
      }),
    );
  }

  /** Waits for the batch committing, and throws its error if it failed. */
  async function settled() {
    const outcome = await committing;
    committing = Promise.resolve();
    if (outcome instanceof Error) throw outcome;
  }

  /** Starts committing what is staged, once the previous batch is in. */
  async function send() {
    await settled();
    const files = staged;
    staged = [];
    if (files.length === 0) return;
    committing = commit(files).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  }

  return {
    async add(row: Pending, stream: Readable) {
      // The process stops: what is filed stays filed, the next attempt resumes after it.
      signal?.throwIfAborted();
      // The same invoice twice in one statement is refused by PostgreSQL: the first goes first.
      if (staged.some((entry) => targetOf(entry.row) === targetOf(row))) await send();
      let file: StagedFile;
      try {
        file = await stageStream(storage, DISPATCH_FOLDER, stream, INVOICE_MAX_BYTES);
      } catch (error) {
        if (error instanceof FileTooLargeError) return refuse(row, dispatchMessages.tooLarge);
        throw error;
      }
      if (!file.head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
        await file.discard();
        return refuse(row, dispatchMessages.notPdf);
      }
      staged.push({ row, file });
      if (staged.length >= FILING_BATCH) await send();
    },
    /** Commits what is left, and waits for every batch. */
    async flush() {
      await send();
      await settled();
    },
    /** Removes what was staged and not filed (the archive failed midway). */
    async discard() {
      const files = staged;
      staged = [];
      await committing;
      await Promise.all(files.map(({ file }) => file.discard()));
    },
  };
}

/** Ends a request: COMPLETED, or FAILED with its reason. Only a PROCESSING request changes. */
async function finish(db: Database, requestId: number, error: string | null) {
  await refreshCounts(db, requestId);
  await db
    .update(dispatchInvoiceRequests)
    .set({ status: error ? 'FAILED' : 'COMPLETED', error, completedAt: sql`now()` })
    .where(
      and(
        eq(dispatchInvoiceRequests.id, requestId),
        eq(dispatchInvoiceRequests.status, 'PROCESSING'),
      ),
    );
}

/** A refusal of the files themselves (a French 422 of the readers) or a `DispatchFailure`. */
function refusalOf(error: unknown): string | null {
  if (error instanceof DispatchFailure) return error.message;
  if (error instanceof HttpError && error.statusCode === 422)
    return error.violations?.map((v) => v.message).join(' ') ?? error.description;
  return null;
}

/**
 * The dispatch job: runs a PROCESSING request to its end. A refusal of the files ends it FAILED
 * with the reason; a failure of the machine is retried (resuming after the lines already in the
 * report), and the last attempt's failure ends it FAILED too. A process that stops gives the job
 * back before its next file, one that dies has it failed by another once its heartbeat is stale
 * (`src/jobs/queue.ts`): either way another process resumes it.
 */
export function dispatchInvoicesJob(
  deps: Pick<Deps, 'db' | 'storage'>,
): JobDefinition<{ requestId: number }> {
  return {
    name: DISPATCH_INVOICES_JOB,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    async run({ requestId }, job) {
      const [request] = await deps.db
        .select({ status: dispatchInvoiceRequests.status })
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.id, requestId));
      if (request?.status !== 'PROCESSING') return;
      try {
        await runDispatch(deps, requestId, job.signal);
      } catch (error) {
        // Given back to the queue (the process stops): another attempt resumes it.
        if (job.signal?.aborted) throw error;
        if (error instanceof DispatchStopped) return;
        const refusal = refusalOf(error);
        if (refusal !== null) return finish(deps.db, requestId, refusal);
        if (job.lastAttempt ?? job.retryCount >= RETRY_LIMIT)
          await finish(deps.db, requestId, dispatchMessages.failed);
        throw error;
      }
      await finish(deps.db, requestId, null);
    },
  };
}

/**
 * Queues the job of a request turned PROCESSING in `tx`: both commit together, or neither. A
 * job already waiting under the request's key (never expected) fails the transaction too.
 */
async function queueDispatch(jobs: JobQueue, requestId: number, tx: Transaction) {
  const id = await jobs.send(
    DISPATCH_INVOICES_JOB,
    { requestId },
    { key: `dispatch-${requestId}`, tx },
  );
  if (id === null) throw new Error(`The dispatch job of request ${requestId} was not queued`);
  return id;
}

/**
 * WAITING → PROCESSING with its job, in one transaction: no PROCESSING request without a job.
 * Null when the request is not waiting; a second PROCESSING request breaks the partial unique
 * index (23505), whichever process asks.
 */
export async function startDispatch(db: Database, jobs: JobQueue, requestId: number) {
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(dispatchInvoiceRequests)
      .set({ status: 'PROCESSING', startedAt: sql`now()`, error: null })
      .where(
        and(
          eq(dispatchInvoiceRequests.id, requestId),
          eq(dispatchInvoiceRequests.status, 'WAITING'),
        ),
      )
      .returning();
    if (started) await queueDispatch(jobs, requestId, tx);
    return started ?? null;
  });
}

/**
 * Ends FAILED every PROCESSING request whose job no longer waits, retries or runs: its process
 * died on the last attempt (the job expired into `failed`), or the job was removed. The job is
 * queued in the transaction that made the request PROCESSING, so a running request always has
 * one. Answers the ids ended.
 */
export async function failOrphanedDispatches(db: Database): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update ${dispatchInvoiceRequests} r
      set status = 'FAILED', error = ${dispatchMessages.interrupted}, completed_at = now()
      where r.status = 'PROCESSING'
        and not ${jobWaitsOrRuns(DISPATCH_INVOICES_JOB, sql`'dispatch-' || r.id`)}
      returning r.id`),
  );
  // The counters as the report has them (a process that died may not have updated them).
  for (const row of rows) await refreshCounts(db, row.id);
  return rows.map((row) => row.id);
}

/** Every five minutes, once across the processes (a schedule of the queue). */
export const sweepDispatchesJob = (deps: Pick<Deps, 'db'>): JobDefinition => ({
  name: SWEEP_DISPATCHES_JOB,
  cron: '*/5 * * * *',
  retryLimit: 0,
  async run() {
    await failOrphanedDispatches(deps.db);
  },
});

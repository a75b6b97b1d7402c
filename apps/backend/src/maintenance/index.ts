import { sql } from 'drizzle-orm';
import { sweepUpload, type UploadDeclarations } from '../files/uploads.js';
import type { Database } from '../db/client.js';
import type { SweepResult } from '../files/staging.js';
import type { FileStorage } from '../files/storage.js';
import { deleteEndedWindows } from '../http/attempts.js';
import {
  forgetOtherProcesses,
  liveProcesses,
  processHeartbeat,
  PROCESS_STALE_MS,
  unregister,
  type ProcessLiveness,
} from './processes.js';

/**
 * What every backend process does in the background: refresh its row among the live processes,
 * and sweep what crashes leave (temporary upload files of dead processes, ended rate-limit
 * windows, export slots of dead processes). Each step is idempotent, so processes sweeping at
 * the same time do no harm. It stays a timer of each process rather than a schedule of the job
 * queue: each machine has its own local leftovers (`DATA_DIR/incoming`) to sweep.
 */

export interface MaintenanceOptions {
  db: Database;
  storage: FileStorage;
  /** True on an embedded database: the data-directory lock makes this the only process. */
  soleProcess: boolean;
  /** How often the sweep runs; 0 = only once, at start. */
  intervalMs: number;
  /** The declared uploads, whose folders are swept (`mainUploads`). */
  uploads: UploadDeclarations;
  /** How often this process refreshes its row (`HEARTBEAT_SECONDS`). */
  heartbeatMs?: number;
  /** A process whose row is older than this is dead (`PROCESS_DEAD_AFTER_SECONDS`). */
  deadAfterMs?: number;
  onError?: (error: unknown) => void;
}

/** Temporary files of live processes older than this are stalled uploads. */
export const STALLED_UPLOAD_MS = 60 * 60 * 1000;

export async function sweepOnce(
  db: Database,
  storage: FileStorage,
  uploads: UploadDeclarations,
  tempGraceMs = STALLED_UPLOAD_MS,
  deadAfterMs = PROCESS_STALE_MS,
): Promise<SweepResult> {
  const live = await liveProcesses(db, deadAfterMs);
  const options = { tempGraceMs, liveProcesses: live };
  const result: SweepResult = { finished: [], removed: [] };
  const byFolder = new Map(Object.values(uploads).map((upload) => [upload.folder, upload]));
  for (const upload of byFolder.values()) {
    const swept = await sweepUpload(db, storage, upload, options);
    result.finished.push(...swept.finished);
    result.removed.push(...swept.removed);
  }
  await storage.sweepIncoming(tempGraceMs, live);
  await deleteEndedWindows(db);
  // Export slots held by processes that died mid-export.
  await db.execute(sql`
    delete from running_exports where process_id not in
      (select jsonb_array_elements_text(${JSON.stringify([...live])}::jsonb))`);
  return result;
}

export interface Maintenance {
  /** The result of the sweep made at start. */
  startup: SweepResult;
  /** This process's heartbeat, as the job queue reads it. */
  liveness: ProcessLiveness;
  stop(): Promise<void>;
}

/** Registers this process, sweeps once, then keeps its heartbeat and sweeps every interval. */
export async function startMaintenance(options: MaintenanceOptions): Promise<Maintenance> {
  const { db, storage, intervalMs, deadAfterMs = PROCESS_STALE_MS } = options;
  const onError = options.onError ?? (() => undefined);
  const heartbeat = processHeartbeat(db, { intervalMs: options.heartbeatMs, deadAfterMs });
  await heartbeat.beat();
  if (options.soleProcess) await forgetOtherProcesses(db);
  const startup = await sweepOnce(db, storage, options.uploads, STALLED_UPLOAD_MS, deadAfterMs);
  const beat = setInterval(() => heartbeat.beat().catch(onError), heartbeat.intervalMs);
  beat.unref();
  let running: Promise<unknown> = Promise.resolve();
  const sweep =
    intervalMs > 0
      ? setInterval(() => {
          running = sweepOnce(db, storage, options.uploads, STALLED_UPLOAD_MS, deadAfterMs).catch(
            onError,
          );
        }, intervalMs)
      : null;
  sweep?.unref();
  return {
    startup,
    liveness: heartbeat,
    async stop() {
      clearInterval(beat);
      if (sweep) clearInterval(sweep);
      await running;
      await unregister(db).catch(onError);
    },
  };
}

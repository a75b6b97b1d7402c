import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { LibraryTextConfig } from '../config.js';
import { mediaObjects, type TextStatus } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobDefinition } from '../jobs/queue.js';

export const EXTRACT_TEXT_JOB = 'library.extract-text';

/** PDFs larger than this are not read for the search (the text of a regulation fits well under). */
const MAX_PDF_BYTES = 20 * 1024 * 1024;

/** What `text-worker.mjs` is sent. */
export interface TextRequest {
  data: Uint8Array;
  /** Characters kept at most: reading stops there (the rest of the document is not parsed). */
  maxChars: number;
}

/** What it answers. */
export type TextAnswer = { text: string; truncated: boolean } | { error: string };

export type TextOutcome = {
  status: TextStatus;
  /** The text kept (null: none, the file is found by its name only). */
  text: string | null;
  /** Why the text is cut or missing, for whoever looks at the row (French). */
  reason: string | null;
};

/**
 * The worker's entry, beside this module in the source; a bundle of this code keeps it beside
 * itself (`text-worker.mjs`, copied or bundled as an entry of its own, `pdfjs-dist` external).
 */
const workerPath = fileURLToPath(new URL('./text-worker.mjs', import.meta.url));

/** The resident memory of a process, where Linux tells it (null elsewhere, or once it is gone). */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

const megabytes = (n: number) => `${n.toLocaleString('fr-FR')} Mo`;

/**
 * The text of a PDF, read by pdf.js (no eval, no fonts) in a child process of its own, so that a
 * hostile file costs this process neither its memory nor its event loop. The child gets
 * `memoryMb` of V8 heap and is killed when its resident memory passes `memoryMb` (watched on
 * Linux through /proc) or when it has not answered within `timeoutMs`; it stops reading at
 * `maxChars`. A refused document keeps no text, and the outcome says why. Throws only when
 * no child could be started (the job then tries again).
 */
export function readPdfText(data: Uint8Array, limits: LibraryTextConfig): Promise<TextOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath, [], {
      execArgv: [`--max-old-space-size=${limits.memoryMb}`],
      // None of the backend's settings (secrets, database URL) reach the code reading the file.
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
    );
    let answer: TextAnswer | null = null;
    let killedFor: 'MEMORY_LIMIT' | 'TIME_LIMIT' | null = null;
    const kill = (why: 'MEMORY_LIMIT' | 'TIME_LIMIT') => {
      killedFor ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('TIME_LIMIT'), limits.timeoutMs);
    let watching = false;
    const watch = setInterval(() => {
      if (watching || child.pid === undefined) return;
      watching = true;
      void residentBytes(child.pid).then((bytes) => {
        watching = false;
        if (bytes !== null && bytes > limits.memoryMb * 1024 * 1024) kill('MEMORY_LIMIT');
      });
    }, 100);
    // The child dies with this process, not after it.
    const orphan = () => child.kill('SIGKILL');
    process.once('exit', orphan);

    child.on('message', (message: TextAnswer) => (answer = message));
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      process.off('exit', orphan);
      child.kill('SIGKILL');
      reject(error);
    });
    // 'close', not 'exit': it follows the answer's message and the end of stderr.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      process.off('exit', orphan);
      if (killedFor === 'TIME_LIMIT')
        return resolve({
          status: 'TIME_LIMIT',
          text: null,
          reason: `Lecture arrêtée après ${limits.timeoutMs / 1000} s (LIBRARY_TEXT_TIMEOUT) : texte non lu.`,
        });
      // V8 aborts a process whose heap is full; /proc's watch kills it past the same figure.
      if (killedFor === 'MEMORY_LIMIT' || /heap out of memory/i.test(stderr))
        return resolve({
          status: 'MEMORY_LIMIT',
          text: null,
          reason: `Lecture arrêtée au-delà de ${megabytes(limits.memoryMb)} de mémoire (LIBRARY_TEXT_MEMORY_MB) : texte non lu.`,
        });
      if (answer && 'text' in answer) {
        const text = answer.text.trim() === '' ? null : answer.text;
        return resolve(
          answer.truncated
            ? {
                status: 'TRUNCATED',
                text,
                reason: `Texte coupé à ${limits.maxChars.toLocaleString('fr-FR')} caractères (LIBRARY_TEXT_MAX_CHARS).`,
              }
            : { status: 'EXTRACTED', text, reason: null },
        );
      }
      const why = answer?.error ?? `le lecteur s'est arrêté (${signal ?? `code ${code}`})`;
      resolve({
        status: 'UNREADABLE',
        text: null,
        reason: `PDF illisible : ${why.slice(0, 300)}`,
      });
    });
    const request: TextRequest = { data, maxChars: limits.maxChars };
    child.send(request);
  });
}

/** PostgreSQL's "string is too long for tsvector" (program_limit_exceeded). */
const tooLongForTsvector = (error: unknown) =>
  [error, (error as { cause?: unknown }).cause].some(
    (e) => (e as { code?: string } | undefined)?.code === '54000',
  );

/**
 * Reads the text of an uploaded PDF into `content_text` for the search (`search_vector` follows,
 * a generated column), and what the reading did into `text_status` and `text_status_reason`.
 * Idempotent: it only writes the row again. A file gone meanwhile is nothing to do; a file the
 * caps refuse, or pdf.js cannot read, keeps no text (it is still listed and found by its name),
 * and the job completes: another attempt would meet the same caps.
 */
export function extractTextJob(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
): JobDefinition<{ mediaObjectId: number }> {
  const limits = deps.config.libraryText;
  return {
    name: EXTRACT_TEXT_JOB,
    retryLimit: 2,
    expireInSeconds: Math.max(300, Math.ceil(limits.timeoutMs / 1000) + 120),
    async run({ mediaObjectId }) {
      const [row] = await deps.db
        .select({ filePath: mediaObjects.filePath, size: mediaObjects.size })
        .from(mediaObjects)
        .where(eq(mediaObjects.id, mediaObjectId));
      if (!row) return;
      let outcome: TextOutcome;
      if (row.size > MAX_PDF_BYTES)
        outcome = {
          status: 'TOO_LARGE',
          text: null,
          reason: `Fichier de plus de ${megabytes(MAX_PDF_BYTES / 1024 / 1024)} : texte non lu.`,
        };
      else {
        const stored = await deps.storage.read(row.filePath);
        if (!stored) return;
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
        outcome = await readPdfText(new Uint8Array(Buffer.concat(chunks)), limits);
      }
      for (;;) {
        try {
          await deps.db
            .update(mediaObjects)
            .set({
              contentText: outcome.text,
              textStatus: outcome.status,
              textStatusReason: outcome.reason,
            })
            .where(eq(mediaObjects.id, mediaObjectId));
          return;
        } catch (error) {
          // The search vector of a text of many distinct words may pass PostgreSQL's 1 MB: half
          // of the text, until it fits.
          if (!tooLongForTsvector(error) || !outcome.text) throw error;
          const kept = outcome.text.slice(0, Math.floor(outcome.text.length / 2));
          outcome = {
            status: 'TRUNCATED',
            text: kept,
            reason: `Texte coupé à ${kept.length.toLocaleString('fr-FR')} caractères : l'index de recherche n'en prend pas davantage.`,
          };
        }
      }
    },
  };
}

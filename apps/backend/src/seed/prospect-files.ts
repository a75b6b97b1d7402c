import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mediaObjects, prospectFiles } from '../db/schema.js';
import { commitWithRow, stageStream } from '../files/staging.js';
import type { FileStorage } from '../files/storage.js';
import { PROSPECT_FILES_FOLDER } from '../resources/prospects.js';

/** How the demo seed named prospects' documents before they were named as uploads. */
const FORMER_SEEDED_PATH = '^prospects/[0-9]+/(ric|der)\\.pdf$';
/** A seeded document is a one-page PDF of a few kilobytes; this only bounds a stray file. */
const MAX_BYTES = 10 * 1024 * 1024;

/** Thrown inside the row's transaction when another process moved the document first. */
class AlreadyMoved extends Error {}

/**
 * Every start: a demo database seeded before the seed named prospects' documents as uploads
 * (`prospects/58/ric.pdf`, which `GET /media/prospects/{file}` never serves) gets them moved to
 * upload names, through the uploads' own crash-safe steps (staged under a temporary name, the row
 * commits, then the final name; `files/staging.ts`). Idempotent: one query finding nothing once
 * done. A document whose file is missing keeps its row as it is. Answers how many moved.
 */
export async function renameSeededProspectFiles(
  db: Database,
  storage: FileStorage,
): Promise<number> {
  const former = await db
    .select({ id: mediaObjects.id, filePath: mediaObjects.filePath })
    .from(mediaObjects)
    .innerJoin(prospectFiles, eq(prospectFiles.mediaObjectId, mediaObjects.id))
    .where(sql`${mediaObjects.filePath} ~ ${FORMER_SEEDED_PATH}`);
  let moved = 0;
  for (const row of former) {
    const stored = await storage.read(row.filePath);
    if (!stored) continue;
    const staged = await stageStream(storage, PROSPECT_FILES_FOLDER, stored.stream, MAX_BYTES);
    const done = await commitWithRow(staged, 'pdf', async (filePath) => {
      const updated = await db
        .update(mediaObjects)
        .set({ filePath })
        .where(and(eq(mediaObjects.id, row.id), eq(mediaObjects.filePath, row.filePath)))
        .returning({ id: mediaObjects.id });
      if (updated.length === 0) throw new AlreadyMoved();
    }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AlreadyMoved) return false;
        throw error;
      },
    );
    if (!done) continue;
    // The row names the new file now: the former one is only a leftover.
    await storage.delete(row.filePath);
    moved++;
  }
  return moved;
}

import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_UPLOADS_FOLDER, sweepPictureUploads } from '../src/files/uploads.js';
import { backendProcesses, mediaObjects } from '../src/db/schema.js';
import { commitWithRow, stageBuffer } from '../src/files/staging.js';
import { filesRoot } from '../src/files/storage.js';
import { mainUploads } from '../src/handlers/index.js';
import { startMaintenance, sweepOnce } from '../src/maintenance/index.js';
import { heartbeat, PROCESS_ID, PROCESS_STALE_MS } from '../src/maintenance/processes.js';
import { samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const folder = () => join(filesRoot(ctx.config.dataDir), PICTURE_UPLOADS_FOLDER);
const row = (filePath: string) =>
  ctx.db
    .insert(mediaObjects)
    .values({ displayName: 'x.png', filePath, mimeType: 'image/png', size: 1 });
const HOUR = 3_600_000;
const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
};

describe('crash-safe uploads', () => {
  it('names a file only once its row has committed, and discards it when the row fails', async () => {
    const staged = await stageBuffer(ctx.storage, PICTURE_UPLOADS_FOLDER, samplePng());
    expect(readdirSync(folder())).toEqual([`.${staged.stem}.${PROCESS_ID}.part`]);
    const failed = commitWithRow(staged, 'png', async () => {
      throw new Error('row refused');
    });
    await expect(failed).rejects.toThrow('row refused');
    expect(readdirSync(folder())).toEqual([]);

    const ok = await stageBuffer(ctx.storage, PICTURE_UPLOADS_FOLDER, samplePng());
    const path = await commitWithRow(ok, 'png', async (finalPath) => {
      await row(finalPath);
      return finalPath;
    });
    expect(readdirSync(folder())).toEqual([`${ok.stem}.png`]);
    expect(path).toBe(`${PICTURE_UPLOADS_FOLDER}/${ok.stem}.png`);
  });

  it('at start, finishes committed uploads and removes orphans, leaving fresh temporary files', async () => {
    mkdirSync(folder(), { recursive: true });
    const at = (name: string) => join(folder(), name);
    // A crash after the row committed, before the rename.
    await row(`${PICTURE_UPLOADS_FOLDER}/aaaa1111.png`);
    writeFileSync(at('.aaaa1111.part'), samplePng());
    age(at('.aaaa1111.part'), 2 * HOUR);
    // A crash before the row: an old temporary file without a row.
    writeFileSync(at('.bbbb2222.part'), 'half a picture');
    age(at('.bbbb2222.part'), 2 * HOUR);
    // An upload under way in another process right now.
    writeFileSync(at('.cccc3333.part'), 'being written');
    // A file whose row is gone (deleted, then a crash before the unlink).
    writeFileSync(at('dddd4444.png'), samplePng());
    // A file in use.
    await row(`${PICTURE_UPLOADS_FOLDER}/eeee5555.png`);
    writeFileSync(at('eeee5555.png'), samplePng());

    const result = await sweepPictureUploads(ctx.db, ctx.storage);
    expect(result.finished).toEqual([`${PICTURE_UPLOADS_FOLDER}/aaaa1111.png`]);
    expect(result.removed.sort()).toEqual(
      [`${PICTURE_UPLOADS_FOLDER}/.bbbb2222.part`, `${PICTURE_UPLOADS_FOLDER}/dddd4444.png`].sort(),
    );
    expect(existsSync(at('aaaa1111.png'))).toBe(true);
    expect(existsSync(at('.cccc3333.part'))).toBe(true);
    expect(existsSync(at('eeee5555.png'))).toBe(true);
    expect(existsSync(at('dddd4444.png'))).toBe(false);
  });

  it('removes at once what a dead process was writing, and leaves live processes alone', async () => {
    mkdirSync(folder(), { recursive: true });
    const at = (name: string) => join(folder(), name);
    await heartbeat(ctx.db);
    // Another process on the same database, alive, and one whose heartbeat stopped (kill -9).
    await ctx.db.insert(backendProcesses).values({ id: 'aaaaaaaaaaaaaaaa', seenAt: new Date() });
    await ctx.db
      .insert(backendProcesses)
      .values({ id: 'dddddddddddddddd', seenAt: new Date(Date.now() - PROCESS_STALE_MS - 5_000) });
    const mine = `.${'1'.repeat(32)}.${PROCESS_ID}.part`;
    const otherLive = `.${'2'.repeat(32)}.aaaaaaaaaaaaaaaa.part`;
    const killed = `.${'3'.repeat(32)}.dddddddddddddddd.part`;
    const unknown = `.${'4'.repeat(32)}.eeeeeeeeeeeeeeee.part`;
    for (const name of [mine, otherLive, killed, unknown])
      writeFileSync(at(name), 'x'.repeat(1000));

    const result = await sweepOnce(ctx.db, ctx.storage, mainUploads(ctx.config));
    expect(result.removed.sort()).toEqual(
      [`${PICTURE_UPLOADS_FOLDER}/${killed}`, `${PICTURE_UPLOADS_FOLDER}/${unknown}`].sort(),
    );
    expect(existsSync(at(mine))).toBe(true);
    expect(existsSync(at(otherLive))).toBe(true);
    // The dead process is forgotten.
    const ids = (await ctx.db.select().from(backendProcesses)).map((row) => row.id).sort();
    expect(ids).toEqual(['aaaaaaaaaaaaaaaa', PROCESS_ID].sort());
    // A live process's upload stalled for over an hour is an orphan too.
    age(at(otherLive), 2 * HOUR);
    await sweepOnce(ctx.db, ctx.storage, mainUploads(ctx.config));
    expect(existsSync(at(otherLive))).toBe(false);
    expect(existsSync(at(mine))).toBe(true);
  });

  it('sweeps again while running, without waiting for a restart', async () => {
    mkdirSync(folder(), { recursive: true });
    const maintenance = await startMaintenance({
      db: ctx.db,
      storage: ctx.storage,
      soleProcess: false,
      intervalMs: 200,
      uploads: mainUploads(ctx.config),
    });
    try {
      const orphan = join(folder(), `.${'5'.repeat(32)}.ffffffffffffffff.part`);
      writeFileSync(orphan, 'left by a process killed mid-upload');
      await expect.poll(() => existsSync(orphan), { timeout: 5_000 }).toBe(false);
    } finally {
      await maintenance.stop();
    }
  });
});

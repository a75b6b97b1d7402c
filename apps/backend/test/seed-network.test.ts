import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import {
  dispatchInvoiceRequests,
  invoices,
  mediaObjects,
  prospectFiles,
} from '../src/db/schema.js';
import { createStorage } from '../src/files/storage.js';
import { runDispatch } from '../src/invoices/dispatch.js';
import { seedDemo } from '../src/seed/demo.js';
import { seedNetwork } from '../src/seed/network.js';
import { renameSeededProspectFiles } from '../src/seed/prospect-files.js';
import { CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { createTestDatabase } from './helpers/database.js';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** One digest per table, over every row; password hashes are salted, so they are left out. */
async function checksum(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((t) => t.name);
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ digest: string | null; n: number }>(
      await db.execute(
        sql.raw(`select md5(string_agg(r::text, '|' order by r::text)) as digest, count(*)::int as n
          from (select to_jsonb(t) - 'password_hash' as r from "${table}" t) s`),
      ),
    );
    digests[table] = `${row!.n}:${row!.digest ?? ''}`;
  }
  return digests;
}

function filesDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  walk(root);
  return hash.digest('hex');
}

async function run(seed: number) {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-'));
  folders.push(dataDir);
  try {
    await seedDemo(database.db);
    await seedNetwork(database.db, { scale: 0.04, seed, dataDir, today: '2026-03-15' });
    return { tables: await checksum(database.db), files: filesDigest(join(dataDir, 'files')) };
  } finally {
    await database.close();
  }
}

describe('demo network seed', () => {
  it('gives identical data for the same seed, and other data for another seed', async () => {
    const first = await run(7);
    const second = await run(7);
    expect(second).toEqual(first);
    expect(first.tables.investment_sales).toMatch(/^480:/);
    expect(first.tables.agents).toMatch(/^12:/);
    const other = await run(8);
    expect(other.tables.customers).not.toEqual(first.tables.customers);
  }, 120_000);

  it("leaves a waiting dispatch whose zip and mapping file this month's invoices", async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-'));
    folders.push(dataDir);
    try {
      const { db } = database;
      await seedDemo(db);
      await seedNetwork(db, { scale: 0.04, seed: 7, dataDir, today: '2026-03-15' });
      const [waiting] = await db
        .select()
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.status, 'WAITING'));
      await db
        .update(dispatchInvoiceRequests)
        .set({ status: 'PROCESSING' })
        .where(eq(dispatchInvoiceRequests.id, waiting!.id));
      const storage = createStorage({ dataDir, storage: { kind: 'fs' } });
      await runDispatch({ db, storage }, waiting!.id);
      const [done] = await db
        .select()
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.id, waiting!.id));
      // runDispatch files; the job around it ends the request COMPLETED.
      expect(done).toMatchObject({ refused: 0, error: null, processed: done!.total });
      expect(done!.filed).toBeGreaterThan(0);
      const filed = await db
        .select({ filename: invoices.filename })
        .from(invoices)
        .where(sql`${invoices.year} = 2026 and ${invoices.month} = 3`);
      expect(filed).toHaveLength(done!.filed);
      // The history's completed requests say what they filed and refused.
      const completed = await db
        .select()
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.status, 'COMPLETED'));
      for (const request of completed.filter((row) => row.id !== waiting!.id))
        expect(request.total).toBe(request.filed + request.refused);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe("the seeded prospects' documents", () => {
  let ctx: TestContext;
  let claire: string;
  const UPLOAD_NAME = /^prospects\/[0-9a-f]{32}\.pdf$/;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedNetwork(ctx.db, {
      scale: 0.04,
      seed: 7,
      dataDir: ctx.config.dataDir,
      today: '2026-03-15',
      storage: ctx.storage,
    });
    claire = await ctx.login(CLAIRE);
  }, 120_000);
  afterAll(() => ctx?.close());

  /** Claire's first seeded prospect with a RIC, and that RIC as the API gives it. */
  async function seededRic() {
    const list = await ctx.api('GET', '/prospects?mine=true&itemsPerPage=100', { token: claire });
    const prospect = (
      list.body['hydra:member'] as { id: number; ricCollection: { filePath: string }[] }[]
    ).find((p) => p.ricCollection.length > 0)!;
    return { id: prospect.id, ric: prospect.ricCollection[0]! };
  }

  it('are named as uploads, so the path the API gives downloads the PDF', async () => {
    const paths = await ctx.db
      .select({ filePath: mediaObjects.filePath })
      .from(mediaObjects)
      .innerJoin(prospectFiles, eq(prospectFiles.mediaObjectId, mediaObjects.id));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !UPLOAD_NAME.test(p.filePath))).toEqual([]);

    const { ric } = await seededRic();
    const download = await ctx.api('GET', `/media/${ric.filePath}?download`, { token: claire });
    expect(download.status).toBe(200);
    expect(Buffer.from(download.raw).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.headers['content-disposition']).toContain('attachment');
  });

  it('of a database seeded before are renamed at start, once', async () => {
    // As the seed named them before: prospects/{id}/ric.pdf, which no media route serves.
    const { id, ric } = await seededRic();
    const content = Buffer.from(
      (await ctx.api('GET', `/media/${ric.filePath}?download`, { token: claire })).raw,
    );
    const former = `prospects/${id}/ric.pdf`;
    await ctx.storage.put(former, content);
    await ctx.storage.delete(ric.filePath);
    await ctx.db
      .update(mediaObjects)
      .set({ filePath: former })
      .where(eq(mediaObjects.filePath, ric.filePath));

    expect(await renameSeededProspectFiles(ctx.db, ctx.storage)).toBe(1);
    const renamed = (await seededRic()).ric.filePath;
    expect(renamed).toMatch(UPLOAD_NAME);
    const download = await ctx.api('GET', `/media/${renamed}?download`, { token: claire });
    expect(download.status).toBe(200);
    expect(Buffer.from(download.raw).equals(content)).toBe(true);
    expect(await ctx.storage.read(former)).toBeNull();
    expect(await renameSeededProspectFiles(ctx.db, ctx.storage)).toBe(0);
  });
});

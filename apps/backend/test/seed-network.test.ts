import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { dispatchInvoiceRequests, invoices } from '../src/db/schema.js';
import { createStorage } from '../src/files/storage.js';
import { runDispatch } from '../src/invoices/dispatch.js';
import { seedDemo } from '../src/seed/demo.js';
import { seedNetwork } from '../src/seed/network.js';
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

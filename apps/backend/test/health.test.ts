import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { filesRoot } from '../src/files/storage.js';
import { createTestContext, type TestContext } from './helpers/context.js';

// The 503 while the database is stopped needs a server to stop: test/database-outage.test.ts.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 without a token', async () => {
    const health = await ctx.api('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await ctx.api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('are not rate limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => ctx.api('GET', '/healthz')),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  });

  it('/readyz answers 503 with Retry-After while a migration is missing, 200 once it is back', async () => {
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await ctx.db.execute(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await ctx.api('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect(ready.body['hydra:description']).toBe(
        "Le service n'est pas prêt : migrations de la base non appliquées.",
      );
      // Alive all the same: nothing to restart.
      expect((await ctx.api('GET', '/healthz')).status).toBe(200);
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ctx.api('GET', '/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 while the file store cannot be used', async () => {
    const root = filesRoot(ctx.config.dataDir);
    const aside = `${root}.aside`;
    mkdirSync(root, { recursive: true });
    rmSync(aside, { recursive: true, force: true });
    renameSync(root, aside);
    // A file where the folder should be: neither readable as a folder nor creatable.
    writeFileSync(root, '');
    try {
      const ready = await ctx.api('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body['hydra:description']).toBe(
        "Le service n'est pas prêt : stockage des fichiers injoignable.",
      );
    } finally {
      rmSync(root, { force: true });
      renameSync(aside, root);
    }
    expect((await ctx.api('GET', '/readyz')).status).toBe(200);
  });
});

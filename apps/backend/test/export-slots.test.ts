import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningExports, users } from '../src/db/schema.js';
import { mainUploads } from '../src/handlers/index.js';
import { sweepOnce } from '../src/maintenance/index.js';
import { PROCESS_ID } from '../src/maintenance/processes.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

// Two exports at once per user, as production runs it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ EXPORT_CONCURRENCY: '2' });
});
afterAll(() => ctx?.close());

const userIdOf = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const slotsOf = async (userId: number) =>
  (await ctx.db.select().from(runningExports).where(eq(runningExports.userId, userId))).length;

describe('concurrent exports per user', () => {
  it('answers a French 429 past EXPORT_CONCURRENCY exports under way, for every export', async () => {
    const claire = await userIdOf(CLAIRE);
    const token = await ctx.login(CLAIRE);
    // Two exports of Claire's are being written (here or in another process).
    await ctx.db.insert(runningExports).values([
      { userId: claire, processId: PROCESS_ID },
      { userId: claire, processId: PROCESS_ID },
    ]);
    for (const url of ['/clients/export', '/ventes_orions/export', '/cgps/teams/sales/export']) {
      const refused = await ctx.api('GET', url, { token });
      expect(refused.status, url).toBe(429);
      expect(refused.body['hydra:description']).toBe(
        "Vous avez déjà 2 export(s) en cours : attendez qu'ils se terminent avant d'en lancer un autre.",
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const trainingRefused = await ctx.trainingApi('GET', '/api/users/me/training-history/export', {
      token,
    });
    expect(trainingRefused.status).toBe(429);
    // Another user is not held back by Claire's exports.
    const admin = await ctx.login(ADMIN);
    expect((await ctx.api('GET', '/clients/export', { token: admin })).status).toBe(200);

    // One of hers ends: the next one runs, and its slot is free by the time it has arrived.
    const [first] = await ctx.db
      .select()
      .from(runningExports)
      .where(eq(runningExports.userId, claire))
      .limit(1);
    await ctx.db.delete(runningExports).where(eq(runningExports.id, first!.id));
    const done = await ctx.api('GET', '/clients/export', { token });
    expect(done.status).toBe(200);
    expect(await slotsOf(claire)).toBe(1);
  });

  it('lets a user start his next export as soon as the last one has arrived', async () => {
    const claire = await userIdOf(CLAIRE);
    await ctx.db.delete(runningExports);
    // One slot left: each export must find the one before it gone.
    await ctx.db.insert(runningExports).values({ userId: claire, processId: PROCESS_ID });
    const token = await ctx.login(CLAIRE);
    for (let i = 0; i < 10; i += 1) {
      const url = i % 2 === 0 ? '/clients/export' : '/ventes_orions/export';
      expect((await ctx.api('GET', url, { token })).status, `${url} #${i}`).toBe(200);
      expect(await slotsOf(claire)).toBe(1);
    }
  });

  it('frees the slot of an export that fails before its first byte', async () => {
    const claire = await userIdOf(CLAIRE);
    await ctx.db.delete(runningExports);
    const token = await ctx.login(CLAIRE);
    const refused = await ctx.api('GET', '/cgps/teams/sales/export?cgpId=CGP9999', { token });
    expect(refused.status).toBe(403);
    expect(await slotsOf(claire)).toBe(0);
  });

  it('frees the slots of a process that died mid-export', async () => {
    const claire = await userIdOf(CLAIRE);
    await ctx.db.insert(runningExports).values({ userId: claire, processId: 'deaddeaddeaddead' });
    await sweepOnce(ctx.db, ctx.storage, mainUploads(ctx.config));
    expect(await slotsOf(claire)).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture } from './helpers/sales-fixture.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Claire's customers, so that the page has its totals to read.
  await insertSalesFixture(ctx.db);
});
afterAll(() => ctx?.close());

/** Counts the statements the database client is sent from now on (PGlite and node-postgres). */
function countStatements(db: Database): { sent(): number; stop(): void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let sent = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    sent++;
    return original.apply(this, args);
  };
  return { sent: () => sent, stop: () => void (client.query = original) };
}

/** Statements sent for one request, after a first one (the session's `last_seen_at` written). */
async function statementsOf(url: string, token: string): Promise<number> {
  expect((await ctx.api('GET', url, { token })).status).toBe(200);
  const counter = countStatements(ctx.db);
  try {
    const response = await ctx.api('GET', url, { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body['hydra:member'].length).toBeGreaterThan(0);
    return counter.sent();
  } finally {
    counter.stop();
  }
}

describe('access checks of a request', () => {
  it('are one statement: the customers page is three (access, page with total, totals)', async () => {
    expect(await statementsOf('/clients/clients?page=1', await ctx.login(CLAIRE))).toBe(3);
  });

  it('are one statement for an impersonated token too (its audit row read with the session)', async () => {
    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const started = await ctx.api('GET', `/administration/impersonate-user/${claire!.id}`, {
      token: await ctx.login(ADMIN),
    });
    expect(started.status, started.text).toBe(200);
    expect(await statementsOf('/clients/clients?page=1', started.body.token as string)).toBe(3);
  });

  it('refuse a token past its expiry even when its signature was checked before', async () => {
    const token = await ctx.login(CLAIRE);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (ctx.config.tokenTtlSeconds + 1) * 1000);
      expect((await ctx.api('GET', '/me', { token })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

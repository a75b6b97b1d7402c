import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { customers, users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
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
function countStatements(db: Database): { sent(): number; names(): unknown[]; stop(): void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let sent = 0;
  const names: unknown[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    sent++;
    // node-postgres takes a config object, named for a prepared statement.
    names.push(typeof args[0] === 'object' ? (args[0] as { name?: unknown }).name : undefined);
    return original.apply(this, args);
  };
  return { sent: () => sent, names: () => names, stop: () => void (client.query = original) };
}

/**
 * Statements sent for one request, after a first one (the session's `last_seen_at` written),
 * and the names of those sent as prepared statements (node-postgres only).
 */
async function sentFor(url: string, token: string): Promise<{ sent: number; names: unknown[] }> {
  expect((await ctx.api('GET', url, { token })).status).toBe(200);
  const counter = countStatements(ctx.db);
  try {
    const response = await ctx.api('GET', url, { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body['hydra:member'].length).toBeGreaterThan(0);
    return { sent: counter.sent(), names: counter.names() };
  } finally {
    counter.stop();
  }
}
const statementsOf = async (url: string, token: string) => (await sentFor(url, token)).sent;

const onPostgres = ![undefined, '', 'memory://'].includes(process.env.DATABASE_URL);

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

  it.runIf(onPostgres)(
    'are sent with the page and its totals as prepared statements, parsed once per connection',
    async () => {
      const { names } = await sentFor('/clients/clients?page=1', await ctx.login(CLAIRE));
      expect(names).toEqual([
        'principal_by_session',
        expect.stringMatching(/^page_[0-9a-f]{16}$/),
        expect.stringMatching(/^customer_totals_[0-9a-f]{16}$/),
      ]);
      // A source's page (sums per agent over a year) is planned for its values each time.
      const teams = await sentFor('/cgps/teams/sales?year=2026', await ctx.login(ADMIN));
      expect(teams.names).toEqual(['principal_by_session', undefined]);
    },
  );

  it('give each request its own values in a statement built once per shape', async () => {
    const customersOf = async (email: string) => {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
      const [row] = await ctx.db
        .select({ n: count() })
        .from(customers)
        .where(eq(customers.agentId, user!.agentId!));
      return row!.n;
    };
    const pageOf = async (email: string, page: number) => {
      const answer = await ctx.api('GET', `/clients/clients?order[lastName]=asc&page=${page}`, {
        token: await ctx.login(email),
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as { 'hydra:totalItems': number; 'hydra:member': { '@id': string }[] };
    };
    // The same shape (scope, order, page) for two agents, one after the other, then again.
    const claire = await pageOf(CLAIRE, 1);
    const julien = await pageOf(JULIEN, 1);
    const claireAgain = await pageOf(CLAIRE, 2);
    expect(claire['hydra:totalItems']).toBe(await customersOf(CLAIRE));
    expect(julien['hydra:totalItems']).toBe(await customersOf(JULIEN));
    expect(claireAgain['hydra:totalItems']).toBe(claire['hydra:totalItems']);
    const ids = (page: typeof claire) => page['hydra:member'].map((member) => member['@id']);
    expect(ids(julien).filter((id) => ids(claire).includes(id))).toEqual([]);
    expect(ids(claireAgain).filter((id) => ids(claire).includes(id))).toEqual([]);
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

import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema.js';
import { CLAIRE, JULIEN } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let token: string;
let sessionId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login(CLAIRE);
  sessionId = decodeJwt(token).sid as string;
});
afterAll(() => ctx?.close());

const event = (n: number, overrides: Record<string, unknown> = {}) => ({
  type: 'CLICK',
  action: `Bouton ${n}`,
  path: '/my-customers',
  timestamp: `2026-03-0${n}T10:00:00.000Z`,
  device: 'Smartphone',
  ...overrides,
});

const send = (body: unknown, session = sessionId, as = token) =>
  ctx.api('POST', `/sessions/${session}/events`, { token: as, body });

const stored = () =>
  ctx.db.select().from(trackingEvents).where(eq(trackingEvents.sessionId, sessionId));

describe('POST /sessions/{sessionId}/events', () => {
  it('stores a batch of 5 and answers 204', async () => {
    const response = await send([1, 2, 3, 4, 5].map((n) => event(n)));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const rows = await stored();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      type: 'CLICK',
      action: 'Bouton 1',
      path: '/my-customers',
      device: 'Smartphone',
      occurredAt: new Date('2026-03-01T10:00:00.000Z'),
      impersonatorId: null,
    });
  });

  it.each([
    ['an unknown type', { type: 'SCROLL' }],
    ['an unknown device', { device: 'Montre' }],
    ['a malformed timestamp', { timestamp: 'hier' }],
    ['an empty path', { path: '' }],
    ['an extra field', { extra: true }],
  ])('rejects a batch with %s and stores nothing of it', async (_, overrides) => {
    const before = (await stored()).length;
    const response = await send([event(1), event(2, overrides), event(3)]);
    expect(response.status).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('rejects empty and oversized batches', async () => {
    expect((await send([])).status).toBe(400);
    expect((await send(Array.from({ length: 51 }, () => event(1)))).status).toBe(400);
  });

  it("answers 404 for another user's session", async () => {
    const other = await ctx.login(JULIEN);
    const response = await send([event(1)], decodeJwt(other).sid as string);
    expect(response.status).toBe(404);
    expect((await send([event(1)], '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('accepts the keepalive preflight of the tab-close flush', async () => {
    const response = await ctx.main.inject({
      method: 'OPTIONS',
      url: `/sessions/${sessionId}/events`,
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(response.headers['access-control-max-age']).toBe('600');
  });
});

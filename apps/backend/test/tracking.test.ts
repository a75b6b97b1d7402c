import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents, trackingSessions } from '../src/db/schema.js';
import { MAX_SESSION_EVENTS } from '../src/handlers/tracking.js';
import { CLAIRE, JULIEN } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let token: string;
let sessionId: string;
/** When Claire's session started: the events below happen just after. */
let startedAt: Date;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login(CLAIRE);
  sessionId = decodeJwt(token).sid as string;
  const [session] = await ctx.db
    .select({ startedAt: trackingSessions.startedAt })
    .from(trackingSessions)
    .where(eq(trackingSessions.id, sessionId));
  startedAt = session!.startedAt;
});
afterAll(() => ctx?.close());

const event = (n: number, overrides: Record<string, unknown> = {}) => ({
  type: 'CLICK',
  action: `Bouton ${n}`,
  path: '/my-customers',
  timestamp: new Date(startedAt.getTime() + n).toISOString(),
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
      // No route sent (a tab opened before the tracker sent it): the path stands for it.
      route: '/my-customers',
      device: 'Smartphone',
      occurredAt: new Date(startedAt.getTime() + 1),
      impersonatorId: null,
    });
  });

  it('keys a page by the route pattern the app sends, whatever the ids of its path', async () => {
    const before = new Set((await stored()).map((row) => row.id));
    const page = (n: number, path: string) =>
      event(n, {
        type: 'PAGE',
        action: 'Bibliothèque',
        path,
        route: '/library/bibliotheque/:folderId',
      });
    expect(
      (await send([page(1, '/library/bibliotheque/12'), page(2, '/library/bibliotheque/13')]))
        .status,
    ).toBe(204);
    const rows = (await stored()).filter((row) => !before.has(row.id));
    expect(rows.map(({ action, path, route }) => ({ action, path, route }))).toEqual([
      {
        action: 'Bibliothèque',
        path: '/library/bibliotheque/12',
        route: '/library/bibliotheque/:folderId',
      },
      {
        action: 'Bibliothèque',
        path: '/library/bibliotheque/13',
        route: '/library/bibliotheque/:folderId',
      },
    ]);
  });

  it("takes the spec's event without a device, read then from the User-Agent", async () => {
    const before = new Set((await stored()).map((row) => row.id));
    const spec = (action: string) => ({
      type: 'PAGE',
      action,
      path: '/my-customers',
      timestamp: new Date(startedAt.getTime() + 1).toISOString(),
    });
    const agents = {
      Android:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      Windows:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    };
    for (const [action, userAgent] of Object.entries(agents)) {
      const response = await ctx.api('POST', `/sessions/${sessionId}/events`, {
        token,
        body: [spec(action)],
        headers: { 'user-agent': userAgent },
      });
      expect(response.status, response.text).toBe(204);
    }
    const rows = (await stored()).filter((row) => !before.has(row.id));
    expect(Object.fromEntries(rows.map((row) => [row.action, row.device]))).toEqual({
      Android: 'Smartphone',
      iPad: 'Tablette',
      Windows: 'PC',
    });
  });

  it.each([
    ['an unknown type', { type: 'SCROLL' }],
    ['an unknown device', { device: 'Montre' }],
    ['a malformed timestamp', { timestamp: 'hier' }],
    ['an empty path', { path: '' }],
    ['an empty route', { route: '' }],
    ['an extra field', { extra: true }],
  ])('rejects a batch with %s and stores nothing of it', async (_, overrides) => {
    const before = (await stored()).length;
    const response = await send([event(1), event(2, overrides), event(3)]);
    expect(response.status).toBe(422);
    expect(response.body.violations[0].propertyPath).toMatch(/^\[1\]/);
    expect((await stored()).length).toBe(before);
  });

  it("dates an event between the session's start and its arrival, whatever the browser says", async () => {
    const before = new Set((await stored()).map((row) => row.id));
    const sent = Date.now();
    const response = await send([
      event(1, { action: 'Avant', timestamp: '0001-01-01T00:00:00.000Z' }),
      event(2, { action: 'Après', timestamp: '9999-12-31T23:59:59.000Z' }),
    ]);
    expect(response.status).toBe(204);
    const rows = (await stored()).filter((row) => !before.has(row.id));
    const at = Object.fromEntries(rows.map((row) => [row.action, row.occurredAt.getTime()]));
    expect(at['Avant']).toBe(startedAt.getTime());
    expect(at['Après']).toBeGreaterThanOrEqual(sent);
    expect(at['Après']).toBeLessThanOrEqual(Date.now());
  });

  it(`records at most ${MAX_SESSION_EVENTS} events a session`, async () => {
    const other = await ctx.login(JULIEN);
    const session = decodeJwt(other).sid as string;
    const [{ userId }] = (await ctx.db
      .select({ userId: trackingSessions.userId })
      .from(trackingSessions)
      .where(eq(trackingSessions.id, session))) as [{ userId: number }];
    await ctx.db.insert(trackingEvents).values(
      Array.from({ length: MAX_SESSION_EVENTS - 1 }, () => ({
        sessionId: session,
        userId,
        type: 'CLICK' as const,
        action: 'Bouton',
        path: '/',
        route: '/',
        device: 'PC' as const,
        occurredAt: new Date(),
      })),
    );
    expect(
      (await send([event(1, { timestamp: new Date().toISOString() })], session, other)).status,
    ).toBe(204);
    const refused = await send([event(2, { timestamp: new Date().toISOString() })], session, other);
    expect(refused.status).toBe(429);
    expect(refused.body['hydra:description']).toBe(
      'Trop d’événements de suivi pour cette session.',
    );
  });

  it('rejects empty and oversized batches', async () => {
    expect((await send([])).status).toBe(422);
    expect((await send(Array.from({ length: 51 }, () => event(1)))).status).toBe(422);
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

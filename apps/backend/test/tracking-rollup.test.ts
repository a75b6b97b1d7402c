import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  trackingEvents,
  trackingRollupDays,
  trackingSessions,
  users,
  type Device,
  type TrackingType,
} from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { rollUpTracking } from '../src/jobs/tracking-rollup.js';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { NETWORK_FIGURES } from './helpers/tracking-figures.js';

/**
 * The daily roll-up (issue 43) changes how the figures are read, never what they say: every
 * figure read through it equals the one read from the events alone, over several periods,
 * around Paris midnights (a DST change included), with a partial today, a late event for a day
 * already rolled up, a deleted user and a deleted impersonator.
 */
let ctx: TestContext;
let admin: string;
let claireId: number;
let claireSession: string;
let julienId: number;
let julienSession: string;

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
const today = parisDay.format(new Date());
const daysBefore = (days: number) =>
  new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

interface Event {
  at: string;
  type: TrackingType;
  action: string;
  route: string;
  device?: Device;
  path?: string;
}

async function write(userId: number, sessionId: string, events: Event[], impersonatorId?: number) {
  await ctx.db.insert(trackingEvents).values(
    events.map((e) => ({
      sessionId,
      userId,
      type: e.type,
      action: e.action,
      route: e.route,
      path: e.path ?? e.route,
      device: e.device ?? 'PC',
      occurredAt: new Date(e.at),
      impersonatorId: impersonatorId ?? null,
    })),
  );
}

/** A user of Claire's profile with a session, whom the test may delete. */
async function person(email: string) {
  const [row] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, profile_id)
      select ${email}, 'x', 'Passant', ${email}, profile_id from users where id = ${claireId}
      returning id`),
  );
  return row!.id;
}

async function sessionOf(userId: number, impersonatorId?: number) {
  const [row] = await ctx.db
    .insert(trackingSessions)
    .values({ userId, impersonatorId: impersonatorId ?? null })
    .returning({ id: trackingSessions.id });
  return row!.id;
}

const periods = () => [
  'from=2026-03-01&to=2026-03-31',
  // One Paris day whose first hour is the evening before in UTC.
  'from=2026-03-10&to=2026-03-10',
  // The change to summer time (2026-03-29) and the day after.
  'from=2026-03-29&to=2026-03-30',
  `from=${daysBefore(365)}&to=${today}`,
  `from=${daysBefore(29)}&to=${today}`,
  // The default period: the 10 days ending today.
  '',
];
const figures = () => [
  ...NETWORK_FIGURES,
  `/tracking/top/consultants?userId=${claireId}`,
  `/tracking/pages/week?userId=${julienId}`,
  `/tracking/users/${claireId}/top/pages`,
  `/tracking/users/${claireId}/top/documents`,
  `/tracking/users/${claireId}/devices`,
  `/tracking/users/${claireId}/pages/week`,
  `/tracking/users/${julienId}/pages/clicks`,
  `/tracking/users/${julienId}/documents`,
];

/** A figure's rows are blank nodes, named anew at each answer: compared without their name. */
const blankless = (key: string, value: unknown) =>
  key === '@id' && typeof value === 'string' && value.startsWith('/.well-known/genid/')
    ? undefined
    : value;

/** Every figure of every period, as the staff console reads them. */
async function everyFigure() {
  const answers: Record<string, unknown> = {};
  for (const period of periods())
    for (const figure of figures()) {
      const url = period ? `${figure}${figure.includes('?') ? '&' : '?'}${period}` : figure;
      const response = await ctx.api('GET', url, { token: admin });
      expect(response.status, url).toBe(200);
      answers[url] = JSON.parse(JSON.stringify(response.body), blankless);
    }
  return answers;
}

/** The same figures read from the events alone: the roll-up's days set aside, then put back. */
async function fromTheEvents() {
  const held = await ctx.db.select().from(trackingRollupDays);
  await ctx.db.delete(trackingRollupDays);
  try {
    return await everyFigure();
  } finally {
    if (held.length > 0) await ctx.db.insert(trackingRollupDays).values(held);
  }
}

/**
 * After events changed: the figures differ from `before`, are those of the events though the
 * roll-up still holds other days, and stay so once the job has rolled up the `days` days again.
 */
async function changedAndRolledUp(before: Record<string, unknown>, days: number) {
  const changed = await everyFigure();
  expect(changed).not.toEqual(before);
  expect(changed).toEqual(await fromTheEvents());
  expect(await rollUpTracking(ctx.db)).toBe(days);
  expect(await everyFigure()).toEqual(changed);
  return changed;
}

const rolledDays = async () =>
  (await ctx.db.select({ day: trackingRollupDays.day }).from(trackingRollupDays)).map(
    (row) => row.day,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  const claire = await ctx.login(CLAIRE);
  const julien = await ctx.login(JULIEN);
  claireSession = decodeJwt(claire).sid as string;
  julienSession = decodeJwt(julien).sid as string;
  claireId = (await ctx.api('GET', '/me', { token: claire })).body.id;
  julienId = (await ctx.api('GET', '/me', { token: julien })).body.id;
  const folder = '/library/bibliotheque/:folderId';
  await write(claireId, claireSession, [
    // 23:30 on 9 March in UTC, 00:30 on the 10th in Paris (winter time, UTC+1).
    { at: '2026-03-09T23:30:00Z', type: 'PAGE', action: 'Mes clients', route: '/my-customers' },
    { at: '2026-03-09T22:59:59Z', type: 'PAGE', action: 'Mes clients', route: '/my-customers' },
    { at: '2026-03-10T09:00:00Z', type: 'PAGE', action: 'Bibliothèque', route: folder },
    { at: '2026-03-10T09:00:00Z', type: 'CLICK', action: 'Exporter', route: '/my-customers' },
    {
      at: '2026-03-10T10:00:00Z',
      type: 'DOCUMENT',
      action: 'Guide.pdf',
      route: folder,
      path: '/library/bibliotheque/12',
      device: 'Smartphone',
    },
    // Summer time from 29 March 02:00: 22:30Z on the 29th is 00:30 on the 30th in Paris.
    { at: '2026-03-29T22:30:00Z', type: 'PAGE', action: 'Documents', route: folder },
    { at: '2026-03-29T21:59:00Z', type: 'DOCUMENT', action: 'Guide.pdf', route: '/library' },
    { at: `${daysBefore(1)}T12:00:00Z`, type: 'PAGE', action: 'Accueil', route: '/' },
    // Today, partial: never rolled up, read from the log.
    { at: new Date().toISOString(), type: 'PAGE', action: 'Bibliothèque', route: folder },
  ]);
  await write(julienId, julienSession, [
    { at: '2026-03-10T08:00:00Z', type: 'PAGE', action: 'Bibliothèque', route: folder },
    {
      at: '2026-03-10T08:00:00Z',
      type: 'CLICK',
      action: 'Exporter',
      route: '/my-customers',
      device: 'Tablette',
    },
    {
      at: '2026-03-30T08:00:00Z',
      type: 'DOCUMENT',
      action: 'Contrat.pdf',
      route: folder,
      path: '/library/bibliotheque/13',
    },
    { at: `${daysBefore(2)}T08:00:00Z`, type: 'CLICK', action: 'Filtrer', route: '/my-customers' },
  ]);
}, 60_000);
afterAll(() => ctx?.close());

describe('the daily roll-up of the usage events', () => {
  it('gives every figure of every period exactly as the events do, whatever happens to them', async () => {
    // A user who leaves, and an administrator who viewed as Claire, both deleted below.
    const leaver = await person('parti@exemple.fr');
    await write(leaver, await sessionOf(leaver), [
      { at: '2026-03-10T12:00:00Z', type: 'PAGE', action: 'Mes clients', route: '/my-customers' },
      { at: '2026-03-30T12:00:00Z', type: 'DOCUMENT', action: 'Guide.pdf', route: '/library' },
    ]);
    const viewer = await person('regard@exemple.fr');
    await write(
      claireId,
      await sessionOf(claireId, viewer),
      [{ at: '2026-03-10T13:00:00Z', type: 'PAGE', action: 'Mes clients', route: '/my-customers' }],
      viewer,
    );

    const expected = await everyFigure();
    expect(await rollUpTracking(ctx.db)).toBeGreaterThan(200);
    const rolled = await rolledDays();
    expect(rolled).toEqual(expect.arrayContaining(['2026-03-10', '2026-03-30', daysBefore(1)]));
    // Today is not rolled up, yesterday is.
    expect(rolled).not.toContain(today);
    expect(await everyFigure()).toEqual(expected);
    expect(await rollUpTracking(ctx.db)).toBe(0);

    // A late event for a day rolled up: the day leaves the roll-up until the job's next run,
    // and the figures count the event at once (the title rule too: it is the latest).
    await write(julienId, julienSession, [
      {
        at: '2026-03-10T20:00:00Z',
        type: 'PAGE',
        action: 'Dossier',
        route: '/library/bibliotheque/:folderId',
      },
      { at: '2026-03-10T20:00:00Z', type: 'DOCUMENT', action: 'Guide.pdf', route: '/library' },
    ]);
    expect(await rolledDays()).not.toContain('2026-03-10');
    const late = await changedAndRolledUp(expected, 1);

    // A deleted user's events go (his session's cascade), and so does an impersonation's session.
    await ctx.db.delete(users).where(eq(users.id, leaver));
    await ctx.db.delete(users).where(eq(users.id, viewer));
    expect(await rolledDays()).not.toContain('2026-03-30');
    await changedAndRolledUp(late, 2);
    expect(await everyFigure()).toEqual(await fromTheEvents());
  }, 300_000);
});

import ExcelJS from 'exceljs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents, type Device, type TrackingType } from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
import { createTestContext, type ApiResponse, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
let agent: string;
let claireId: number;

const event = (
  day: number,
  type: string,
  action: string,
  device = 'PC',
  path = '/',
  route = path,
) => ({
  type,
  action,
  path,
  route,
  device,
  // Noon in Paris: the day is the same in UTC and in Paris.
  timestamp: `2026-03-${String(day).padStart(2, '0')}T11:00:00.000Z`,
});

/**
 * Events of March, stored as the capture stored them then: the capture itself dates an event
 * within its session, which began today (test/tracking.test.ts).
 */
async function post(token: string, events: ReturnType<typeof event>[]) {
  const sessionId = decodeJwt(token).sid as string;
  const { id: userId } = (await ctx.api('GET', '/me', { token })).body as { id: number };
  await ctx.db.insert(trackingEvents).values(
    events.map(({ timestamp, ...fields }) => ({
      ...fields,
      type: fields.type as TrackingType,
      device: fields.device as Device,
      sessionId,
      userId,
      occurredAt: new Date(timestamp),
    })),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  agent = await ctx.login(CLAIRE);
  const julien = await ctx.login(JULIEN);
  claireId = (await ctx.api('GET', '/me', { token: agent })).body.id;
  await post(agent, [
    event(2, 'PAGE', 'Mes clients', 'PC', '/my-customers'),
    event(2, 'PAGE', 'Mes clients', 'PC', '/my-customers'),
    event(3, 'PAGE', 'Actualités', 'Smartphone', '/news'),
    event(3, 'CLICK', 'Exporter', 'Smartphone', '/my-customers'),
    event(4, 'DOCUMENT', 'Guide.pdf', 'Smartphone', '/library'),
  ]);
  await post(julien, [
    event(3, 'PAGE', 'Mes clients', 'Tablette', '/my-customers'),
    event(4, 'DOCUMENT', 'Guide.pdf', 'Tablette', '/library'),
    event(4, 'DOCUMENT', '=HYPERLINK("x")', 'Tablette', '/library'),
    // Outside the period asked below.
    event(20, 'PAGE', 'Mes clients', 'PC', '/my-customers'),
  ]);
});
afterAll(() => ctx?.close());

const PERIOD = 'from=2026-03-01&to=2026-03-10';
const get = (path: string, token = admin) => ctx.api('GET', path, { token });
/** A figure's rows: each a blank node (`@id` a genid, `@type` its class), compared without. */
const rowsOf = (members: Record<string, unknown>[]): ApiResponse['body'][] =>
  members.map(({ '@id': id, '@type': type, ...row }) => {
    expect(id).toMatch(/^\/\.well-known\/genid\/[0-9a-f]+$/);
    expect(type).toEqual(expect.any(String));
    return row;
  });
const members = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return rowsOf(response.body['hydra:member']);
};

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('usage analytics, aggregated in SQL from the captured events', () => {
  it('answers the tops, the device split and the day series of the period', async () => {
    expect(await members(`/tracking/top/pages?${PERIOD}`)).toEqual([
      { name: 'Mes clients', path: '/my-customers', value: 3 },
      { name: 'Actualités', path: '/news', value: 1 },
    ]);
    const consultants = await members(`/tracking/top/consultants?${PERIOD}`);
    expect(consultants.map((row: { displayName: string; value: number }) => row)).toEqual([
      expect.objectContaining({ displayName: 'Claire Martin', value: 5 }),
      expect.objectContaining({ displayName: 'Julien Lefebvre', value: 3 }),
    ]);
    expect(await members(`/tracking/documents?${PERIOD}`)).toEqual([
      { name: 'Guide.pdf', path: '/library', value: 2 },
      { name: '=HYPERLINK("x")', path: '/library', value: 1 },
    ]);
    expect(await members(`/tracking/pages/clicks?${PERIOD}`)).toEqual([
      { name: 'Exporter', path: '/my-customers', value: 1 },
    ]);
    // Sessions per device: Claire's session used a PC and a smartphone.
    expect(await members(`/tracking/devices?${PERIOD}`)).toEqual([
      { name: 'PC', device: 'PC', value: 1 },
      { name: 'Smartphone', device: 'Smartphone', value: 1 },
      { name: 'Tablette', device: 'Tablette', value: 1 },
    ]);
    const days = await members(`/tracking/pages/week?${PERIOD}`);
    expect(days).toHaveLength(10);
    expect(days.slice(0, 4).map((d: { date: string; value: number }) => [d.date, d.value])).toEqual(
      [
        ['2026-03-01', 0],
        ['2026-03-02', 2],
        ['2026-03-03', 2],
        ['2026-03-04', 0],
      ],
    );
  });

  it('counts a page once, by its route, under its latest French title, in the top and its export', async () => {
    // Issue 41: one page under two labels. April holds a library folder opened at two ids and
    // under an older title, and the reminders page: one row each, with its title.
    const folder = '/library/bibliotheque/:folderId';
    await post(
      agent,
      [
        {
          ...event(2, 'PAGE', 'Bibliothèque (ancienne)', 'PC', '/library/bibliotheque/12', folder),
        },
        event(3, 'PAGE', 'Bibliothèque', 'PC', '/library/bibliotheque/12', folder),
        event(3, 'PAGE', 'Bibliothèque', 'PC', '/library/bibliotheque/13', folder),
        event(4, 'PAGE', 'Mes rappels', 'PC', '/my/reminders'),
        event(4, 'PAGE', 'Mes rappels', 'PC', '/my/reminders'),
        event(4, 'CLICK', 'Exporter', 'PC', '/library/bibliotheque/12', folder),
        event(4, 'CLICK', 'Exporter', 'PC', '/library/bibliotheque/13', folder),
      ].map((row) => ({ ...row, timestamp: row.timestamp.replace('2026-03-', '2026-04-') })),
    );
    const april = 'from=2026-04-01&to=2026-04-10';
    expect(await members(`/tracking/top/pages?${april}`)).toEqual([
      { name: 'Bibliothèque', path: folder, value: 3 },
      { name: 'Mes rappels', path: '/my/reminders', value: 2 },
    ]);
    expect(await members(`/tracking/pages/clicks?${april}`)).toEqual([
      { name: 'Exporter', path: folder, value: 2 },
    ]);
    const top = await sheetOf((await get(`/tracking/top/pages/export?${april}`)).raw);
    expect(top.getRow(1).values).toEqual([undefined, 'Page', 'Route', 'Vues']);
    expect(top.getRow(2).values).toEqual([undefined, 'Bibliothèque', folder, 3]);
    expect(top.getRow(3).values).toEqual([undefined, 'Mes rappels', '/my/reminders', 2]);
    expect(top.actualRowCount).toBe(3);
  });

  it('narrows every figure to one user with userId', async () => {
    const mine = `${PERIOD}&userId=${claireId}`;
    expect(await members(`/tracking/top/pages?${mine}`)).toEqual([
      { name: 'Mes clients', path: '/my-customers', value: 2 },
      { name: 'Actualités', path: '/news', value: 1 },
    ]);
    expect(
      (await members(`/tracking/devices?${mine}`)).map((d: { value: number }) => d.value),
    ).toEqual([1, 1, 0]);
  });

  it('answers the same figures under /tracking/users/{id}/...', async () => {
    const mine = `${PERIOD}&userId=${claireId}`;
    for (const figure of [
      'top/pages',
      'top/documents',
      'devices',
      'connections/days',
      'pages/week',
      'pages/clicks',
      'documents',
    ]) {
      const path = `/tracking/users/${claireId}/${figure}`;
      const response = await get(`${path}?${PERIOD}`);
      expect(response.status, path).toBe(200);
      expect(response.body['@id']).toBe(path);
      expect(rowsOf(response.body['hydra:member']), path).toEqual(
        await members(`/tracking/${figure}?${mine}`),
      );
    }
    const total = await get(`/tracking/users/${claireId}/connections/total?${PERIOD}`);
    expect(total.body).toEqual((await get(`/tracking/connections/total?${mine}`)).body);
    // An unknown user has no events, as with `userId`; the id must be a positive integer.
    expect(await members(`/tracking/users/999999/documents?${PERIOD}`)).toEqual([]);
    expect((await get(`/tracking/users/0/devices?${PERIOD}`)).status).toBe(400);
    expect((await get(`/tracking/users/abc/devices?${PERIOD}`)).status).toBe(400);
    expect((await get(`/tracking/users/${claireId}/devices?${PERIOD}`, agent)).status).toBe(403);
  });

  it('counts the sign-ins of today by default, unique and total', async () => {
    const total = await get('/tracking/connections/total');
    expect(total.status).toBe(200);
    expect(total.body.total).toBeGreaterThanOrEqual(3);
    expect(total.body.unique).toBeGreaterThanOrEqual(3);
    const days = await members('/tracking/connections/days');
    expect(days).toHaveLength(10);
    expect(days.at(-1).total).toBe(total.body.total);
  });

  it('refuses a reversed or too long period with a French message', async () => {
    const reversed = await get('/tracking/devices?from=2026-03-10&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body['hydra:description']).toBe(
      'La date de début doit précéder la date de fin.',
    );
    const long = await get('/tracking/top/pages?from=2020-01-01&to=2026-01-01');
    expect(long.status).toBe(400);
    expect(long.body['hydra:description']).toMatch(/ne peut pas dépasser 366 jours/);
    expect((await get('/tracking/devices?from=hier')).status).toBe(400);
    // Year 0 passes the date format but not PostgreSQL: a 400, as is the day its default start
    // would fall on.
    for (const path of [
      '/tracking/connections/days?from=0000-01-01&to=0000-01-05',
      '/tracking/devices?to=0001-01-05',
      '/tracking/pages/export?from=1999-12-31&to=2000-01-05',
      '/tracking/top/consultants?to=2101-01-01',
    ]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.body['hydra:description']).toBe(
        'La date doit être comprise entre le 01/01/2000 et le 31/12/2100.',
      );
    }
  });

  it('is staff-only', async () => {
    expect((await get(`/tracking/top/pages?${PERIOD}`, agent)).status).toBe(403);
    expect((await get('/tracking/users', agent)).status).toBe(403);
    expect((await get('/tracking/pages/export', agent)).status).toBe(403);
  });
});

describe('tracked users', () => {
  it('lists the accounts by last name, 10 a page, with their last sign-in', async () => {
    const page = await get('/tracking/users');
    expect(page.status).toBe(200);
    const rows = page.body['hydra:member'];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(10);
    const names = rows.map((row: { lastName: string }) => row.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    const martin = await get('/tracking/users?lastName=martin&firstName=claire');
    expect(martin.body['hydra:member'][0]).toMatchObject({ id: claireId, email: CLAIRE });
    expect(martin.body['hydra:member'][0].lastConnection).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await get(`/tracking/users/${claireId}`)).body.lastName).toBe('Martin');
    expect((await get('/tracking/users/999999')).status).toBe(404);
  });
});

describe('analytics exports', () => {
  it('streams the events and tops of the period as formula-safe .xlsx', async () => {
    const documents = await get(`/tracking/documents/export?${PERIOD}`);
    expect(documents.status).toBe(200);
    expect(String(documents.headers['content-disposition'])).toMatch(/suivi_documents_/);
    const sheet = await sheetOf(documents.raw);
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      'Date',
      'Nom',
      'Prénom',
      'Email',
      'Document',
      'Chemin',
      'Route',
      'Appareil',
    ]);
    expect(sheet.actualRowCount - 1).toBe(3);
    const actions = [2, 3, 4].map((row) => sheet.getRow(row).getCell(5).value);
    expect(actions).toContain('\'=HYPERLINK("x")');
    expect(sheet.getRow(2).getCell(1).value).toBe('04/03/2026 12:00');

    const pages = await sheetOf(
      (await get(`/tracking/pages/export?${PERIOD}&userId=${claireId}`)).raw,
    );
    expect(pages.actualRowCount - 1).toBe(3);
    const clicks = await sheetOf((await get(`/tracking/click/export?${PERIOD}`)).raw);
    expect(clicks.actualRowCount - 1).toBe(1);
    const sessions = await sheetOf((await get('/tracking/session/export')).raw);
    expect(sessions.getCell('A1').value).toBe('Connexion');
    expect(sessions.actualRowCount - 1).toBeGreaterThanOrEqual(3);

    const top = await sheetOf((await get(`/tracking/top/pages/export?${PERIOD}`)).raw);
    expect(top.getRow(2).values).toEqual([undefined, 'Mes clients', '/my-customers', 3]);
    const users = await sheetOf((await get(`/tracking/top/consultants/export?${PERIOD}`)).raw);
    expect(users.getCell('A2').value).toBe('Claire Martin');
    const docs = await sheetOf((await get(`/tracking/top/documents/export?${PERIOD}`)).raw);
    expect(docs.actualRowCount - 1).toBe(2);
  });
});

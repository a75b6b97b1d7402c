import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN } from './helpers/accounts.js';
import { createTestContext, type ApiResponse, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let claire: string;
let julien: string;
let staff: string;
let admin: string;
let claireId: number;
let julienId: number;
const mergePatch = { 'content-type': 'application/merge-patch+json' };

beforeAll(async () => {
  ctx = await createTestContext();
  const tokens = await Promise.all(
    [CLAIRE, JULIEN, COMMUNICATION, ADMIN].map((email) => ctx.login(email)),
  );
  [claire, julien, staff, admin] = tokens as [string, string, string, string];
  const idOf = async (email: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  claireId = await idOf(CLAIRE);
  julienId = await idOf(JULIEN);
});
afterAll(() => ctx?.close());

const create = (token: string, body: Record<string, unknown>) =>
  ctx.api('POST', '/reminders', { token, body });
const members = (response: ApiResponse) =>
  response.body['hydra:member'] as {
    id: number;
    reminder: { id: number; title: string; date: string; type: string };
  }[];
const titles = (response: ApiResponse) => members(response).map((entry) => entry.reminder.title);
const entryOf = async (token: string, reminderId: number) => {
  const list = await ctx.api('GET', '/reminder_list/user?itemsPerPage=100', { token });
  return members(list).find((entry) => entry.reminder.id === reminderId);
};

describe('personal reminders', () => {
  it('creates, lists (latest first, 10 a page), filters, edits and deletes', async () => {
    const made: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const response = await create(claire, {
        title: `Suivi client ${String(i).padStart(2, '0')}`,
        date: `2031-01-${String(i).padStart(2, '0')}T09:30:00`,
        prospect: i === 1 ? 'Sophie Bernard' : null,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ type: 'personal', displayed: true });
      made.push(response.body.id);
    }
    // A date without an offset is Paris time: 09:30 in January is 08:30 UTC.
    const first = await ctx.api('GET', `/reminders/${made[0]}`, { token: claire });
    expect(first.body).toMatchObject({
      date: '2031-01-01T08:30:00.000Z',
      prospect: 'Sophie Bernard',
      author: { id: claireId, firstName: 'Claire' },
    });

    const page = await ctx.api(
      'GET',
      '/reminder_list/user?title=suivi client&date[after]=2031-01-01&date[before]=2031-01-31',
      { token: claire },
    );
    expect(page.status).toBe(200);
    expect(page.body['hydra:totalItems']).toBe(12);
    expect(titles(page)).toHaveLength(10);
    expect(titles(page)[0]).toBe('Suivi client 12');
    const narrowed = await ctx.api(
      'GET',
      '/reminder_list/user?type=personal&date[after]=2031-01-03&date[before]=2031-01-04&order[date]=asc',
      { token: claire },
    );
    expect(titles(narrowed)).toEqual(['Suivi client 03', 'Suivi client 04']);
    // Julien sees none of them.
    const other = await ctx.api('GET', '/reminder_list/user?title=suivi client', {
      token: julien,
    });
    expect(other.body['hydra:totalItems']).toBe(0);

    const edited = await ctx.api('PATCH', `/reminders/${made[1]}`, {
      token: claire,
      body: { title: 'Suivi modifié', content: 'Appeler le notaire' },
      headers: mergePatch,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Suivi modifié', content: 'Appeler le notaire' });

    // Bulk delete: one call per reminder, each on its own (one already gone: 404, the rest 204).
    expect((await ctx.api('DELETE', `/reminders/${made[2]}`, { token: claire })).status).toBe(204);
    const statuses = await Promise.all(
      [made[2], made[3], made[4]].map(
        async (id) => (await ctx.api('DELETE', `/reminders/${id}`, { token: claire })).status,
      ),
    );
    expect(statuses).toEqual([404, 204, 204]);
    const after = await ctx.api(
      'GET',
      '/reminder_list/user?date[after]=2031-01-01&date[before]=2031-01-31',
      {
        token: claire,
      },
    );
    expect(after.body['hydra:totalItems']).toBe(9);
  });

  it('keeps another agent’s reminders out of reach (404, as missing)', async () => {
    const julienOwn = await create(julien, { title: 'Le rappel de Julien', date: '2031-02-01' });
    const id = julienOwn.body.id as number;
    expect((await ctx.api('GET', `/reminders/${id}`, { token: claire })).status).toBe(404);
    const patch = await ctx.api('PATCH', `/reminders/${id}`, {
      token: claire,
      body: { title: 'Volé' },
      headers: mergePatch,
    });
    expect(patch.status).toBe(404);
    expect((await ctx.api('DELETE', `/reminders/${id}`, { token: claire })).status).toBe(404);
    expect((await ctx.api('GET', `/reminders/${id}/ics`, { token: claire })).status).toBe(404);
    const entry = (await entryOf(julien, id))!;
    expect((await ctx.api('DELETE', `/reminder_lists/${entry.id}`, { token: claire })).status).toBe(
      404,
    );
    const list = await ctx.api('GET', '/reminders?title=Julien', { token: claire });
    expect(list.body['hydra:totalItems']).toBe(0);
    // Still there for Julien.
    expect((await ctx.api('GET', `/reminders/${id}`, { token: julien })).status).toBe(200);
    // A customer of another agent cannot be named.
    const [foreign] = await ctx.db
      .insert(customers)
      .values({
        agentId: (await ctx.db.select().from(users).where(eq(users.id, julienId)))[0]!.agentId!,
        clientId: 'CLI-R1',
        lastName: 'Durand',
        firstName: 'Léa',
      })
      .returning();
    const refused = await create(claire, {
      title: 'Client d’un autre',
      date: '2031-02-02',
      client: `/clients/${foreign!.id}`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'client', message: "Ce client n'existe pas." }),
    ]);
    const own = await create(julien, {
      title: 'Avec client',
      date: '2031-02-03',
      client: foreign!.id,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      clientId: foreign!.id,
      client: { '@id': `/clients/${foreign!.id}`, fullName: 'Léa Durand' },
    });
  });

  it('requires a title and a date, with the spec’s messages', async () => {
    const empty = await create(claire, { title: '  ', date: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'title', message: 'Ce champ est obligatoire.' }),
      expect.objectContaining({ propertyPath: 'date', message: 'Ce champ est obligatoire.' }),
    ]);
    const missing = await create(claire, {});
    expect(missing.status).toBe(422);
    const badDate = await create(claire, { title: 'Date', date: '2031-02-30' });
    expect(badDate.status).toBe(422);
    expect(badDate.body.violations[0]).toMatchObject({
      propertyPath: 'date',
      message: "Cette valeur n'est pas une date valide.",
    });
    const asNetwork = await create(claire, { title: 'Réseau', date: '2031-02-03', type: 'hubnup' });
    expect(asNetwork.status).toBe(403);
    expect(asNetwork.body['hydra:description']).toBe('Seul le siège peut créer un rappel réseau.');
  });

  it('refuses a reminder about a client or a prospect that names none (issue 41)', async () => {
    const cases = [
      { concerns: 'client', client: null, message: 'Choisissez un client.' },
      { concerns: 'prospect', prospect: '  ', message: 'Ce champ est obligatoire.' },
    ];
    for (const { message, ...about } of cases) {
      const refused = await create(claire, { title: 'Oubli', date: '2031-02-04', ...about });
      expect(refused.status).toBe(422);
      expect(refused.body.violations).toEqual([
        expect.objectContaining({ propertyPath: about.concerns, message }),
      ]);
    }
    const nobody = await create(claire, {
      title: 'Personne',
      date: '2031-02-04',
      concerns: 'none',
    });
    expect(nobody.status).toBe(201);
    const patched = await ctx.api('PATCH', `/reminders/${nobody.body.id}`, {
      token: claire,
      body: { concerns: 'client', client: '' },
      headers: mergePatch,
    });
    expect(patched.status).toBe(422);
    expect(patched.body.violations[0]).toMatchObject({
      propertyPath: 'client',
      message: 'Choisissez un client.',
    });
    for (const concerns of [12, ['client'], 'tout'])
      expect(
        (await create(claire, { title: 'x', date: '2031-02-04', concerns })).status,
      ).toBeLessThan(500);
  });

  it('answers hostile input with a French 4xx, never a 500', async () => {
    const cases: { body?: unknown; raw?: string }[] = [
      { body: { title: 12, date: '2031-03-01' } },
      { body: { title: 'x', date: ['2031-03-01'] } },
      { body: { title: 'x'.repeat(256), date: '2031-03-01' } },
      { body: { title: 'nul\u0000', date: '2031-03-01' } },
      { raw: '{"__proto__": {"admin": true}, "title": "proto", "date": "2031-03-01"}' },
      { raw: '{"constructor": {"prototype": {"x": 1}}, "title": "c", "date": "2031-03-01"}' },
      { body: { title: 'x', date: '2031-03-01', client: { $ne: null } } },
      { body: [] },
      { raw: '{"title": ' },
      { body: { title: 'x', date: '9999-99-99T99:99:99' } },
      { body: { title: 'x', content: 'y'.repeat(2_000_000), date: '2031-03-01' } },
    ];
    for (const input of cases) {
      const response = await ctx.api('POST', '/reminders', { token: claire, ...input });
      expect(response.status, JSON.stringify(input).slice(0, 80)).toBeLessThan(500);
      if (response.status >= 400) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        const message = String(
          response.body?.['hydra:description'] ?? response.body?.violations?.[0]?.message ?? '',
        );
        expect(message, response.text.slice(0, 200)).toMatch(/[a-zé]/i);
        expect(message).not.toMatch(/\bmust\b|\bshould\b/);
      }
    }
    const patch = await ctx.api('PATCH', '/reminders/2147483647', {
      token: claire,
      raw: '{"__proto__": {"title": 1}}',
      headers: mergePatch,
    });
    expect(patch.status).toBe(400);
  });
});

describe('network reminders', () => {
  it('fan out to every agent’s list once displayed; agents read but never write them', async () => {
    const hidden = await create(staff, {
      title: 'Convention annuelle',
      date: '2031-04-10T09:00:00',
    });
    expect(hidden.status).toBe(201);
    expect(hidden.body).toMatchObject({ type: 'hubnup', displayed: false, author: null });
    const id = hidden.body.id as number;
    expect(await entryOf(claire, id)).toBeUndefined();
    expect((await ctx.api('GET', `/reminders/${id}`, { token: claire })).status).toBe(404);

    const shown = await ctx.api('PATCH', `/reminders/${id}`, {
      token: staff,
      body: { displayed: true },
      headers: mergePatch,
    });
    expect(shown.body.displayed).toBe(true);
    const entry = await entryOf(claire, id);
    expect(entry?.reminder).toMatchObject({ title: 'Convention annuelle', type: 'hubnup' });
    expect(await entryOf(julien, id)).toBeDefined();
    expect((await ctx.api('GET', `/reminders/${id}`, { token: claire })).status).toBe(200);
    const hubnupOnly = await ctx.api('GET', '/reminder_list/user?type=hubnup&title=convention', {
      token: claire,
    });
    expect(titles(hubnupOnly)).toEqual(['Convention annuelle']);

    const edit = await ctx.api('PATCH', `/reminders/${id}`, {
      token: claire,
      body: { title: 'Non' },
      headers: mergePatch,
    });
    expect(edit.status).toBe(403);
    expect(edit.body['hydra:description']).toBe(
      'Un rappel réseau ne peut pas être modifié par un mandataire.',
    );
    expect((await ctx.api('DELETE', `/reminders/${id}`, { token: claire })).status).toBe(403);

    // Claire removes it from her own list; Julien keeps it; hiding and showing again does not
    // bring it back.
    expect(
      (await ctx.api('DELETE', `/reminder_lists/${entry!.id}`, { token: claire })).status,
    ).toBe(204);
    expect(
      (await ctx.api('DELETE', `/reminder_lists/${entry!.id}`, { token: claire })).status,
    ).toBe(404);
    expect(await entryOf(claire, id)).toBeUndefined();
    expect(await entryOf(julien, id)).toBeDefined();
    for (const displayed of [false, true])
      await ctx.api('PATCH', `/reminders/${id}`, {
        token: staff,
        body: { displayed },
        headers: mergePatch,
      });
    expect(await entryOf(claire, id)).toBeUndefined();
    expect(await entryOf(julien, id)).toBeDefined();

    // Staff see the network list and every agent's entries, by agent name.
    const network = await ctx.api('GET', '/reminders?type=hubnup&title=convention', {
      token: staff,
    });
    expect(network.body['hydra:member'].map((r: { id: number }) => r.id)).toEqual([id]);
    const julienEntries = await ctx.api(
      'GET',
      '/reminder_list/user?lastName=lefeb&title=convention',
      { token: staff },
    );
    expect(members(julienEntries).map((e) => e.reminder.id)).toEqual([id]);
    // The network list by agent name: the network reminders still in his list (issue 41).
    const byAgent = (query: string) =>
      ctx
        .api('GET', `/reminders?type=hubnup&title=convention&${query}`, { token: staff })
        .then((response) => response.body['hydra:member'].map((r: { id: number }) => r.id));
    expect(await byAgent('lastName=LEFEB')).toEqual([id]);
    expect(await byAgent('firstName=julien&lastName=lefeb')).toEqual([id]);
    // Claire removed it from her list: her name no longer finds it.
    expect(await byAgent('firstName=claire')).toEqual([]);
    expect(await byAgent('lastName=%25_%5C')).toEqual([]);
    // The entry of one reminder: how its detail finds it without `?entry=`.
    const julienEntry = await entryOf(julien, id);
    const one = await ctx.api('GET', `/reminder_list/user?reminder=${id}`, { token: julien });
    expect(members(one).map((e) => e.id)).toEqual([julienEntry!.id]);
    const gone = await ctx.api('GET', `/reminder_list/user?reminder=${id}`, { token: claire });
    expect(members(gone)).toEqual([]);
    expect(
      (await ctx.api('GET', '/reminder_list/user?reminder=abc', { token: julien })).status,
    ).toBe(400);
    // Staff never write a personal reminder: refused to those who may read it, missing to others.
    const personal = await create(julien, { title: 'À moi', date: '2031-04-11' });
    const staffEdit = (token: string) =>
      ctx.api('PATCH', `/reminders/${personal.body.id}`, {
        token,
        body: { title: 'Siège' },
        headers: mergePatch,
      });
    expect((await staffEdit(admin)).status).toBe(403);
    expect((await staffEdit(staff)).status).toBe(404);
  });

  it('duplicates a network reminder to a date, not displayed', async () => {
    const source = await create(staff, {
      title: 'Mise à jour DDA',
      date: '2031-05-01T09:00:00',
      displayed: true,
      content: 'Formation obligatoire',
    });
    const id = source.body.id as number;
    const missingDate = await ctx.api('POST', `/reminders/${id}/duplicate`, {
      token: staff,
      body: {},
    });
    expect(missingDate.status).toBe(422);
    expect(missingDate.body.violations[0]).toMatchObject({
      propertyPath: 'date',
      message: 'Ce champ est obligatoire.',
    });
    const copy = await ctx.api('POST', `/reminders/${id}/duplicate`, {
      token: staff,
      body: { date: '2031-06-01T09:00:00' },
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Mise à jour DDA',
      content: 'Formation obligatoire',
      displayed: false,
      date: '2031-06-01T07:00:00.000Z',
    });
    expect(await entryOf(claire, copy.body.id)).toBeUndefined();
    expect(await entryOf(claire, id)).toBeDefined();
    // Agents cannot duplicate (component), nor can a personal reminder be (404).
    expect(
      (
        await ctx.api('POST', `/reminders/${id}/duplicate`, {
          token: claire,
          body: { date: '2031-06-02' },
        })
      ).status,
    ).toBe(403);
    const personal = await create(claire, { title: 'Perso', date: '2031-06-03' });
    expect(
      (
        await ctx.api('POST', `/reminders/${personal.body.id}/duplicate`, {
          token: admin,
          body: { date: '2031-06-04' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('agents’ own reminders and staff (issue 37)', () => {
  it('shows staff without the agents’ reminders component the network’s only', async () => {
    const [customer] = await ctx.db
      .insert(customers)
      .values({
        agentId: (await ctx.db.select().from(users).where(eq(users.id, claireId)))[0]!.agentId!,
        clientId: 'CLI-R37',
        lastName: 'Fontaine',
        firstName: 'Hélène',
      })
      .returning();
    const personal = await create(claire, {
      title: 'Rappeler pour le dossier de succession',
      date: '2031-06-03T10:00:00',
      content: 'Notes confidentielles du mandataire',
      client: customer!.id,
    });
    expect(personal.status).toBe(201);
    const id = personal.body.id as number;
    const network = await create(staff, {
      title: 'Réunion du réseau de juin',
      date: '2031-06-03T14:00:00',
      displayed: true,
    });
    expect(network.status).toBe(201);

    // Communication: the personal reminder is missing, by id, in every list and file.
    expect((await ctx.api('GET', `/reminders/${id}`, { token: staff })).status).toBe(404);
    expect((await ctx.api('GET', `/reminders/${id}/ics`, { token: staff })).status).toBe(404);
    expect(
      (await ctx.api('DELETE', `/reminders/${id}`, { token: staff })).status,
      'out of scope is missing',
    ).toBe(404);
    const personalList = await ctx.api('GET', '/reminders?type=personal', { token: staff });
    expect(personalList.status).toBe(200);
    expect(personalList.body['hydra:totalItems']).toBe(0);
    const june = await ctx.api(
      'GET',
      '/reminders?date[after]=2031-06-03&date[before]=2031-06-03&itemsPerPage=100',
      { token: staff },
    );
    expect(june.body['hydra:member'].map((r: { id: number }) => r.id)).toEqual([network.body.id]);
    const entries = await ctx.api(
      'GET',
      '/reminder_list/user?date[after]=2031-06-03&date[before]=2031-06-03&itemsPerPage=100',
      { token: staff },
    );
    expect(members(entries).every((entry) => entry.reminder.type === 'hubnup')).toBe(true);
    expect(members(entries).length).toBeGreaterThan(0);
    expect(entries.text).not.toContain('succession');
    expect(entries.text).not.toContain(customer!.lastName);
    const calendar = await ctx.api(
      'GET',
      '/reminder_list/user/calendar?month=2031-06&type=personal',
      { token: staff },
    );
    expect(calendar.body.days).toEqual([]);
    const file = await ctx.api('GET', '/reminder_list/user/ics?date[after]=2031-06-03', {
      token: staff,
    });
    expect(file.text).not.toContain('succession');

    // The administrator holds it: he reads the agent's reminder, and still never writes it.
    const read = await ctx.api('GET', `/reminders/${id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.client.lastName).toBe(customer!.lastName);
    const personalEntries = await ctx.api(
      'GET',
      '/reminder_list/user?type=personal&title=succession',
      { token: admin },
    );
    expect(members(personalEntries).map((entry) => entry.reminder.id)).toEqual([id]);
    expect((await ctx.api('DELETE', `/reminders/${id}`, { token: admin })).status).toBe(403);
  });
});

describe('the calendar badges', () => {
  it('counts the caller’s reminders per Paris day of a month', async () => {
    // 00:30 in Paris on 1 July is still 30 June in UTC.
    for (const date of [
      '2031-07-01T00:30:00',
      '2031-07-01T18:00:00',
      ...Array.from({ length: 11 }, () => '2031-07-15T10:00:00'),
      '2031-08-01T00:10:00',
    ])
      expect((await create(claire, { title: 'Badge', date })).status).toBe(201);
    const calendar = await ctx.api('GET', '/reminder_list/user/calendar?month=2031-07', {
      token: claire,
    });
    expect(calendar.status).toBe(200);
    expect(calendar.body).toEqual({
      month: '2031-07',
      days: [
        { date: '2031-07-01', count: 2 },
        { date: '2031-07-15', count: 11 },
      ],
    });
    const filtered = await ctx.api(
      'GET',
      '/reminder_list/user/calendar?month=2031-07&type=hubnup',
      { token: claire },
    );
    expect(filtered.body.days).toEqual([]);
    const other = await ctx.api('GET', '/reminder_list/user/calendar?month=2031-07', {
      token: julien,
    });
    expect(other.body.days).toEqual([]);
    for (const month of ['2031-13', '31-07', '2031-7', ''])
      expect(
        (await ctx.api('GET', `/reminder_list/user/calendar?month=${month}`, { token: claire }))
          .status,
      ).toBe(400);
  });
});

describe('the reporting preference', () => {
  it('saves the caller’s own reminderFrequency', async () => {
    const saved = await ctx.api('PATCH', `/users/${claireId}`, {
      token: claire,
      body: { reminderFrequency: ['DAILY', 'MONTHLY'] },
      headers: mergePatch,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.reminderFrequency).toEqual(['DAILY', 'MONTHLY']);
    const account = await ctx.api('GET', '/account', { token: claire });
    expect(account.body.reminderFrequency).toEqual(['DAILY', 'MONTHLY']);
    const other = await ctx.api('PATCH', `/users/${julienId}`, {
      token: claire,
      body: { reminderFrequency: ['DAILY'] },
      headers: mergePatch,
    });
    expect(other.status).toBe(404);
    for (const reminderFrequency of [['HOURLY'], ['DAILY', 'DAILY'], 'DAILY', [1]])
      expect(
        (
          await ctx.api('PATCH', `/users/${claireId}`, {
            token: claire,
            body: { reminderFrequency },
            headers: mergePatch,
          })
        ).status,
      ).toBe(422);
    const cleared = await ctx.api('PATCH', `/users/${claireId}`, {
      token: claire,
      body: { reminderFrequency: [] },
      headers: mergePatch,
    });
    expect(cleared.body.reminderFrequency).toEqual([]);
  });
});

describe('iCalendar files', () => {
  const eventsOf = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    // The VTIMEZONE block comes with the events that use it.
    if (calendar.getAllSubcomponents('vevent').length > 0)
      expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Paris');
    if (zone) ICAL.TimezoneService.register(zone);
    return calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        zone: event.startDate.zone?.tzid,
        local: event.startDate.toString(),
        utc: event.startDate.toJSDate().toISOString(),
      };
    });
  };

  it('exports one reminder and a filtered list at the right Paris times across October’s change', async () => {
    // 25 October 2031 is the last Saturday before the change (CEST), 27 October after (CET).
    const before = await create(claire, {
      title: 'Avant le changement',
      date: '2031-10-25T09:30:00',
    });
    const after = await create(claire, {
      title: 'Après le changement',
      date: '2031-10-27T09:30:00',
    });
    await create(claire, { title: 'Hors filtre', date: '2031-11-15T09:30:00' });
    expect(before.body.date).toBe('2031-10-25T07:30:00.000Z');
    expect(after.body.date).toBe('2031-10-27T08:30:00.000Z');

    const one = await ctx.api('GET', `/reminders/${before.body.id}/ics`, { token: claire });
    expect(one.status).toBe(200);
    expect(String(one.headers['content-type'])).toMatch(/^text\/calendar/);
    expect(String(one.headers['content-disposition'])).toBe(
      `attachment; filename="rappel-${before.body.id}.ics"`,
    );
    expect(one.text).toContain('DTSTART;TZID=Europe/Paris:20311025T093000');
    expect(eventsOf(one.text)).toEqual([
      {
        uid: `reminder-${before.body.id}@localhost`,
        summary: 'Avant le changement',
        zone: 'Europe/Paris',
        local: '2031-10-25T09:30:00',
        utc: '2031-10-25T07:30:00.000Z',
      },
    ]);

    const list = await ctx.api(
      'GET',
      '/reminder_list/user/ics?title=changement&date[after]=2031-10-01&date[before]=2031-10-31&order[date]=asc',
      { token: claire },
    );
    expect(list.status).toBe(200);
    expect(String(list.headers['content-disposition'])).toBe('attachment; filename="rappels.ics"');
    expect(eventsOf(list.text).map(({ summary, local, utc }) => ({ summary, local, utc }))).toEqual(
      [
        {
          summary: 'Avant le changement',
          local: '2031-10-25T09:30:00',
          utc: '2031-10-25T07:30:00.000Z',
        },
        {
          summary: 'Après le changement',
          local: '2031-10-27T09:30:00',
          utc: '2031-10-27T08:30:00.000Z',
        },
      ],
    );
    // Julien's file has none of Claire's.
    const julienFile = await ctx.api('GET', '/reminder_list/user/ics?title=changement', {
      token: julien,
    });
    expect(eventsOf(julienFile.text)).toEqual([]);
  });
});

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, newsLists, profiles, users } from '../src/db/schema.js';
import { backfillNewsEntries, ensureNewsEntries } from '../src/domain/news-read-state.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN } from './helpers/accounts.js';
import { createNewsItem, createPicture } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let staff: string;
let agent: string;
let otherAgent: string;
let picture: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.login(COMMUNICATION);
  agent = await ctx.login(CLAIRE);
  otherAgent = await ctx.login(JULIEN);
  picture = (await createPicture(ctx, staff))['@id'];
});
afterAll(() => ctx?.close());

const mergePatch = { 'content-type': 'application/merge-patch+json' };
const violationsOf = (body: { violations: { propertyPath: string; message: string }[] }) =>
  Object.fromEntries(body.violations.map((v) => [v.propertyPath, v.message]));

describe('news CRUD', () => {
  it('creates, reads, patches and deletes a news item', async () => {
    const agentProfile = (
      await ctx.db.select().from(profiles).where(eq(profiles.type, 'Mandataire'))
    )[0]!;
    const created = await ctx.api('POST', '/news', {
      token: staff,
      body: {
        title: 'Nouvelle gamme SCPI',
        date: '2026-01-12',
        content: '<p>Bonjour</p>',
        displayed: true,
        hasPopup: true,
        imageBank: picture,
        profilesToNotify: [`/profiles/${agentProfile.id}`],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      '@type': 'News',
      title: 'Nouvelle gamme SCPI',
      date: '2026-01-12T00:00:00.000Z',
      displayed: true,
      hasPopup: true,
      sliderDisplayed: false,
      imageBank: {
        '@id': picture,
        mediaObject: {
          contentUrl: expect.stringMatching(/^\/media\/images\/uploads\/[0-9a-f]{32}\.png$/),
        },
      },
      profilesToNotify: [`/profiles/${agentProfile.id}`],
    });
    const id = created.body['@id'] as string;
    expect((await ctx.api('GET', id, { token: agent })).body.title).toBe('Nouvelle gamme SCPI');

    const patched = await ctx.api('PATCH', id, {
      token: staff,
      headers: mergePatch,
      body: { title: 'Nouvelle gamme SCPI 2026', displayed: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Nouvelle gamme SCPI 2026',
      displayed: false,
      hasPopup: true,
    });

    expect((await ctx.api('DELETE', id, { token: staff })).status).toBe(204);
    expect((await ctx.api('GET', id, { token: staff })).status).toBe(404);
    expect((await ctx.api('DELETE', id, { token: staff })).status).toBe(404);
  });

  it('refuses invalid news with the French messages', async () => {
    const response = await ctx.api('POST', '/news', {
      token: staff,
      body: { title: 'abc', date: '', imageBank: null },
    });
    expect(response.status).toBe(422);
    expect(violationsOf(response.body)).toEqual({
      title: 'Ce champ doit contenir au moins 4 caractères.',
      date: 'Ce champ est obligatoire.',
      imageBank: 'Une image est requise.',
    });
    const unknown = await ctx.api('POST', '/news', {
      token: staff,
      body: { title: 'Titre correct', date: '2026-02-30', imageBank: '/image_banks/999999' },
    });
    expect(violationsOf(unknown.body)).toEqual({
      date: "Cette valeur n'est pas une date valide.",
      imageBank: "Cette image n'existe pas.",
    });
    const hubnup = (await ctx.db.select().from(profiles).where(eq(profiles.type, 'Hubnup')))[0]!;
    const staffProfile = await ctx.api('POST', '/news', {
      token: staff,
      body: {
        title: 'Titre correct',
        date: '2026-01-01',
        imageBank: picture,
        profilesToNotify: [hubnup.id],
      },
    });
    expect(staffProfile.status).toBe(422);
    expect(staffProfile.body.violations[0].propertyPath).toBe('profilesToNotify');
    const empty = await ctx.api('PATCH', '/news/1', {
      token: staff,
      headers: mergePatch,
      body: { imageBank: null },
    });
    expect([404, 422]).toContain(empty.status);
  });

  it('keeps at most 3 news in the carousel', async () => {
    const carousel = [];
    for (let i = 0; i < 3; i++)
      carousel.push(await createNewsItem(ctx, staff, { sliderDisplayed: true }));
    const fourth = await ctx.api('POST', '/news', {
      token: staff,
      body: { title: 'Quatrième', date: '2026-01-01', imageBank: picture, sliderDisplayed: true },
    });
    expect(fourth.status).toBe(422);
    expect(violationsOf(fourth.body)).toEqual({
      sliderDisplayed: 'Le carrousel contient déjà 3 actualités.',
    });
    const other = await createNewsItem(ctx, staff);
    const patched = await ctx.api('PATCH', other['@id'], {
      token: staff,
      headers: mergePatch,
      body: { sliderDisplayed: true },
    });
    expect(patched.status).toBe(422);
    // A carousel news can still be edited, and its place freed.
    const edited = await ctx.api('PATCH', carousel[0]!['@id'], {
      token: staff,
      headers: mergePatch,
      body: { title: 'Toujours au carrousel', sliderDisplayed: true },
    });
    expect(edited.status).toBe(200);
    await ctx.api('PATCH', carousel[0]!['@id'], {
      token: staff,
      headers: mergePatch,
      body: { sliderDisplayed: false },
    });
    const now = await ctx.api('PATCH', other['@id'], {
      token: staff,
      headers: mergePatch,
      body: { sliderDisplayed: true },
    });
    expect(now.status).toBe(200);
    const slider = await ctx.api('GET', '/news?sliderDisplayed=true', { token: agent });
    expect(slider.body['hydra:totalItems']).toBe(3);
  });

  it('strips scripts, event handlers and javascript: URLs on save', async () => {
    const item = await createNewsItem(ctx, staff, {
      content:
        '<p onclick="alert(1)">Texte <strong>gras</strong></p><script>alert(2)</script>' +
        '<img src="x" onerror="alert(3)"><a href="javascript:alert(4)">lien</a>' +
        '<svg onload="alert(5)"><circle /></svg><iframe src="https://evil.example"></iframe>' +
        '<a href="https://exemple.fr" target="_blank">ok</a><style>body{}</style>',
    });
    const content = item.content as string;
    expect(content).not.toMatch(
      /script|onerror|onclick|onload|javascript:|<svg|<iframe|<style|alert\(2\)/i,
    );
    expect(content).toContain('<p>Texte <strong>gras</strong></p>');
    expect(content).toContain(
      '<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it('turns the line breaks of plain text into <br>, in a paragraph', async () => {
    const plain = await createNewsItem(ctx, staff, { content: 'Ligne 1\nLigne 2 & <3\r\nLigne 3' });
    expect(plain.content).toBe('<p>Ligne 1<br />Ligne 2 &amp; &lt;3<br />Ligne 3</p>');
    const html = await createNewsItem(ctx, staff, { content: '<p>Un</p>\n<p>Deux</p>' });
    expect(html.content).toBe('<p>Un</p>\n<p>Deux</p>');
  });
});

describe('news visibility', () => {
  it('hides news that are not displayed from agents, whatever they ask', async () => {
    const hidden = await createNewsItem(ctx, staff, { title: 'Brouillon caché', displayed: false });
    expect((await ctx.api('GET', hidden['@id'], { token: agent })).status).toBe(404);
    expect((await ctx.api('GET', hidden['@id'], { token: staff })).status).toBe(200);
    const asked = await ctx.api('GET', '/news?displayed=false&title=Brouillon', { token: agent });
    expect(asked.body['hydra:totalItems']).toBe(0);
    const staffList = await ctx.api('GET', '/news?displayed=false&title=Brouillon', {
      token: staff,
    });
    expect(staffList.body['hydra:totalItems']).toBe(1);
  });

  it('filters by title, terms and date, 9 per page, newest first', async () => {
    await createNewsItem(ctx, staff, {
      title: 'Filtre alpha',
      date: '2025-03-01',
      content: 'mot-clé-rare',
    });
    await createNewsItem(ctx, staff, { title: 'Filtre beta', date: '2025-03-05' });
    const byTitle = await ctx.api('GET', '/news?title=filtre', { token: agent });
    expect(byTitle.body['hydra:member'].map((n: { title: string }) => n.title)).toEqual([
      'Filtre beta',
      'Filtre alpha',
    ]);
    const byTerms = await ctx.api('GET', '/news?terms=cl%C3%A9-rare', { token: agent });
    expect(byTerms.body['hydra:totalItems']).toBe(1);
    const byDate = await ctx.api('GET', '/news?date[after]=2025-03-02&date[before]=2025-03-05', {
      token: agent,
    });
    expect(byDate.body['hydra:member'].map((n: { title: string }) => n.title)).toEqual([
      'Filtre beta',
    ]);
    const all = await ctx.api('GET', '/news', { token: staff });
    expect(all.body['hydra:member'].length).toBeLessThanOrEqual(9);
    expect((await ctx.api('GET', '/news?date[after]=2025-02-30', { token: staff })).status).toBe(
      400,
    );
  });

  it('refuses news writes to agents', async () => {
    const response = await ctx.api('POST', '/news', {
      token: agent,
      body: { title: 'Pirate', date: '2026-01-01', imageBank: picture },
    });
    expect(response.status).toBe(403);
  });
});

describe('news read state', () => {
  it('lists the caller’s own entries, one per displayed news item', async () => {
    const popup = await createNewsItem(ctx, staff, { title: 'Popup à lire', hasPopup: true });
    await createNewsItem(ctx, staff, { title: 'Popup masquée', hasPopup: true, displayed: false });
    const list = await ctx.api('GET', '/news_list/user?news.hasPopup=true&isRead=false', {
      token: agent,
    });
    expect(list.status).toBe(200);
    const titles = list.body['hydra:member'].map((e: { news: { title: string } }) => e.news.title);
    expect(titles).toContain('Popup à lire');
    expect(titles).not.toContain('Popup masquée');
    const entry = list.body['hydra:member'].find(
      (e: { news: { id: number } }) => e.news.id === popup.id,
    );
    expect(entry).toMatchObject({ '@type': 'NewsList', isRead: false });

    // Someone else's entry is answered as missing.
    const foreign = await ctx.api('PATCH', `/news_lists/${entry.id}`, {
      token: otherAgent,
      headers: mergePatch,
      body: { id: entry.id, isRead: true },
    });
    expect(foreign.status).toBe(404);

    const read = await ctx.api('PATCH', `/news_lists/${entry.id}`, {
      token: agent,
      headers: mergePatch,
      body: { id: entry.id, isRead: true },
    });
    expect(read.status).toBe(200);
    expect(read.body.isRead).toBe(true);
    const after = await ctx.api('GET', '/news_list/user?news.hasPopup=true&isRead=false', {
      token: agent,
    });
    expect(after.body['hydra:member'].map((e: { id: number }) => e.id)).not.toContain(entry.id);

    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const rows = await ctx.db.select().from(newsLists).where(eq(newsLists.userId, claire!.id));
    const displayed = await ctx.db.select().from(news).where(eq(news.displayed, true));
    expect(rows.length).toBe(displayed.length);
  });

  it('writes nothing on reading, whoever reads', async () => {
    await createNewsItem(ctx, staff, { title: 'Lecture sans écriture', hasPopup: true });
    const rows = async () => (await ctx.db.select({ n: count() }).from(newsLists))[0]!.n;
    const before = await rows();
    for (const token of [agent, otherAgent, staff]) {
      for (const path of [
        '/news_list/user',
        '/news_list/user?news.hasPopup=true&isRead=false',
        '/news_list/user?page=2&itemsPerPage=100',
        '/news',
      ])
        expect((await ctx.api('GET', path, { token })).status).toBe(200);
    }
    expect(await rows()).toBe(before);
    // Staff users have no read state.
    const staffList = await ctx.api('GET', '/news_list/user', { token: staff });
    expect(staffList.body['hydra:totalItems']).toBe(0);
  });

  it('gives agents the read flag of each news item on GET /news, staff none', async () => {
    const item = await createNewsItem(ctx, staff, {
      title: 'Drapeau de lecture',
      date: '2030-01-01',
    });
    const flagOf = async (token: string) => {
      const list = await ctx.api('GET', '/news?title=Drapeau%20de%20lecture', { token });
      expect(list.body['hydra:totalItems']).toBe(1);
      return list.body['hydra:member'][0].isRead as boolean | undefined;
    };
    expect(await flagOf(agent)).toBe(false);
    expect(await flagOf(otherAgent)).toBe(false);
    expect(await flagOf(staff)).toBeUndefined();
    expect((await ctx.api('GET', item['@id'], { token: agent })).body.isRead).toBe(false);

    // The detail page finds the entry of one news item, then marks it read.
    const entries = await ctx.api('GET', `/news_list/user?news.id=${item.id}`, { token: agent });
    expect(entries.body['hydra:totalItems']).toBe(1);
    const entry = entries.body['hydra:member'][0];
    expect(entry.news.id).toBe(item.id);
    expect(entry.news).not.toHaveProperty('isRead');
    const read = await ctx.api('PATCH', `/news_lists/${entry.id}`, {
      token: agent,
      headers: mergePatch,
      body: { id: entry.id, isRead: true },
    });
    expect(read.status).toBe(200);

    expect(await flagOf(agent)).toBe(true);
    expect((await ctx.api('GET', item['@id'], { token: agent })).body.isRead).toBe(true);
    // Another agent's reads are his own.
    expect(await flagOf(otherAgent)).toBe(false);
    expect(await flagOf(staff)).toBeUndefined();
    const byIri = await ctx.api('GET', `/news_list/user?news.id=/news/${item.id}`, {
      token: otherAgent,
    });
    expect(byIri.body['hydra:member'].map((e: { isRead: boolean }) => e.isRead)).toEqual([false]);
  });

  it('creates the agents’ entries when a news item becomes displayed', async () => {
    const hidden = await createNewsItem(ctx, staff, {
      title: 'Affichée plus tard',
      displayed: false,
    });
    const entriesOf = async () =>
      (await ctx.db.select().from(newsLists).where(eq(newsLists.newsId, hidden.id))).length;
    expect(await entriesOf()).toBe(0);
    const shown = await ctx.api('PATCH', hidden['@id'], {
      token: staff,
      headers: mergePatch,
      body: { displayed: true },
    });
    expect(shown.status).toBe(200);
    const agents = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(eq(profiles.type, 'Mandataire'));
    expect(await entriesOf()).toBe(agents.length);
    const list = await ctx.api('GET', `/news_list/user?news.id=${hidden.id}`, { token: agent });
    expect(list.body['hydra:member']).toHaveLength(1);
  });

  it('creates a new agent user’s entries in one statement', async () => {
    const [agentProfile] = await ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.title, 'Mandataire'));
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: 'nouvel.agent@example.fr',
        passwordHash: 'x',
        firstName: 'Nouvel',
        lastName: 'Agent',
        roles: [agentProfile!.name],
        profileId: agentProfile!.id,
      })
      .returning();
    await ensureNewsEntries(ctx.db, { userId: user!.id });
    const rows = await ctx.db.select().from(newsLists).where(eq(newsLists.userId, user!.id));
    const displayed = await ctx.db.select().from(news).where(eq(news.displayed, true));
    expect(rows.map((row) => row.newsId).sort()).toEqual(displayed.map((n) => n.id).sort());
    expect(rows.every((row) => !row.isRead)).toBe(true);
  });

  it('fills in at start the entries an older database lacks, keeping the read ones', async () => {
    await createNewsItem(ctx, staff, { title: 'Avant la mise à jour' });
    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const entries = () => ctx.db.select().from(newsLists).where(eq(newsLists.userId, claire!.id));
    const complete = await entries();
    const read = complete.filter((row) => row.isRead).map((row) => row.newsId);
    expect(read.length).toBeGreaterThan(0);
    // As entries were created lazily: Claire's unread ones do not exist yet.
    await ctx.db
      .delete(newsLists)
      .where(and(eq(newsLists.userId, claire!.id), eq(newsLists.isRead, false)));
    await backfillNewsEntries(ctx.db);
    const after = await entries();
    expect(after.map((row) => row.newsId).sort()).toEqual(complete.map((row) => row.newsId).sort());
    expect(after.filter((row) => row.isRead).map((row) => row.newsId)).toEqual(read);
    // Up to date: nothing to do.
    const rows = async () => (await ctx.db.select({ n: count() }).from(newsLists))[0]!.n;
    const before = await rows();
    await backfillNewsEntries(ctx.db);
    expect(await rows()).toBe(before);
  });

  it('clears the login-agent flag of the caller only', async () => {
    expect((await ctx.api('GET', '/me', { token: agent })).body.onLoginAgent).toBe(true);
    expect((await ctx.api('POST', '/me/login-agent/clear', { token: agent })).status).toBe(204);
    expect((await ctx.api('GET', '/me', { token: agent })).body.onLoginAgent).toBe(false);
  });

  it('raises the flag again at the next sign-in of an agent, never for staff', async () => {
    await ctx.api('POST', '/me/login-agent/clear', { token: agent });
    const again = await ctx.login(CLAIRE);
    expect((await ctx.api('GET', '/me', { token: again })).body.onLoginAgent).toBe(true);
    const staff = await ctx.login(ADMIN);
    expect((await ctx.api('GET', '/me', { token: staff })).body.onLoginAgent).toBe(false);
  });
});

describe('order directions', () => {
  it('reads ASC and DESC as asc and desc, as API Platform does, and refuses anything else', async () => {
    const titles = async (direction: string) => {
      const response = await ctx.api('GET', `/news?order[title]=${direction}&itemsPerPage=30`, {
        token: staff,
      });
      expect(response.status, response.text).toBe(200);
      return (response.body['hydra:member'] as { title: string }[]).map((n) => n.title);
    };
    const ascending = await titles('asc');
    expect(ascending.length).toBeGreaterThan(1);
    expect(await titles('ASC')).toEqual(ascending);
    expect(await titles('DESC')).toEqual(await titles('desc'));
    expect(await titles('Desc')).toEqual(await titles('desc'));
    const refused = await ctx.api('GET', '/news?order[title]=up', { token: staff });
    expect(refused.status).toBe(400);
  });
});

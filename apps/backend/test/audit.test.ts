import ExcelJS from 'exceljs';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOf, isSecretName, redact, REDACTED, targetPathOf } from '../src/access/audit.js';
import { auditLog, news, users } from '../src/db/schema.js';
import { loadConfig } from '../src/config.js';
import {
  AUDIT_RETENTION_CRON,
  AUDIT_RETENTION_JOB,
  purgeAuditLog,
} from '../src/jobs/audit-retention.js';
import { jobDefinitions } from '../src/jobs/registry.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN } from './helpers/accounts.js';
import { createTestContext, type ApiResponse, type TestContext } from './helpers/context.js';
import { dispatchForm, handZip, invoicePdf, mappingXlsx } from './helpers/invoices.js';
import { insertStaffProfile, insertStaffUser } from './helpers/staff.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

interface Entry {
  operationId: string;
  targetIri: string | null;
  requestId: string | null;
  user: { fullName: string; email: string };
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

/** The newest line of the trail for an operation, read through the API. */
async function lastLine(operationId: string): Promise<Entry> {
  const response = await ctx.api('GET', `/administration/audit?operationId=${operationId}`, {
    token: admin,
  });
  expect(response.status).toBe(200);
  return response.body['hydra:member'][0];
}

const lineCount = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

const requestIdOf = (response: ApiResponse) => response.headers['x-request-id'];

describe('the audit trail of staff actions', () => {
  it("writes a profile's rights change with who, target, request id, before and after", async () => {
    const components = (await ctx.api('GET', '/components', { token: admin })).body[
      'hydra:member'
    ] as { '@id': string; name: string; profiles: string[] }[];
    const news = components.find((c) => c.name === 'news_page')!;
    const profiles = (await ctx.api('GET', '/profiles', { token: admin })).body['hydra:member'];
    const communication = profiles.find((p: { name: string }) => p.name === 'ROLE_COMMUNICATION');
    const wanted = news.profiles.includes(communication['@id'])
      ? news.profiles.filter((p) => p !== communication['@id'])
      : [...news.profiles, communication['@id']];

    const saved = await ctx.api('PUT', news['@id'], { token: admin, body: { profiles: wanted } });
    expect(saved.status).toBe(200);

    const line = await lastLine('updateComponent');
    expect(line).toMatchObject({
      targetIri: news['@id'],
      requestId: requestIdOf(saved),
      user: { email: ADMIN },
      changes: { profiles: { before: news.profiles, after: saved.body.profiles } },
    });
    expect(Object.keys(line.changes!)).toEqual(['profiles']);
  });

  it('writes a user disabled (a hand-written handler read by its GET)', async () => {
    const [julien] = await ctx.db.select().from(users).where(eq(users.email, JULIEN));
    const disabled = await ctx.api('POST', `/users/${julien!.id}/disable`, { token: admin });
    expect(disabled.status).toBe(200);
    const line = await lastLine('disableUser');
    expect(line).toMatchObject({
      targetIri: `/users/${julien!.id}`,
      requestId: requestIdOf(disabled),
      changes: { roles: { before: julien!.roles, after: ['ROLE_DISABLED'] } },
    });
  });

  it('writes an invoice dispatch executed, with its status before and after', async () => {
    const mapping = await mappingXlsx([['a.pdf', 'CGP0001', 2026, 1]]);
    const created = await ctx.api('POST', '/dispatch_invoice_request', {
      token: admin,
      ...(await dispatchForm(handZip([{ name: 'a.pdf', data: invoicePdf('a') }]), mapping)),
    });
    expect(created.status).toBe(201);
    const creation = await lastLine('createDispatchInvoiceRequest');
    expect(creation.targetIri).toBe(created.body['@id']);

    const executed = await ctx.api('POST', `/dispatch_invoice_request/${created.body.id}/execute`, {
      token: admin,
      body: {},
    });
    expect(executed.status).toBe(202);
    const line = await lastLine('executeDispatchInvoiceRequest');
    expect(line.targetIri).toBe(`/dispatch_invoice_request/${created.body.id}`);
    expect(line.changes?.status).toEqual({
      before: created.body.status,
      after: executed.body.status ?? 'PROCESSING',
    });
  });

  it('writes a resource-layer merge-patch from the row, and a deletion with every field', async () => {
    const created = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: 'Audité', type: 'Hubnup' },
    });
    expect(created.status).toBe(201);
    const creation = await lastLine('createProfile');
    expect(creation.targetIri).toBe(created.body['@id']);
    expect(creation.changes).toMatchObject({ title: { before: null, after: 'Audité' } });

    const [someNews] = await ctx.db
      .insert(news)
      .values({ title: 'À supprimer', date: new Date(), content: '<p>x</p>' })
      .returning();
    const removed = await ctx.api('DELETE', `/news/${someNews!.id}`, { token: admin });
    expect(removed.status).toBe(204);
    const deletion = await lastLine('deleteNews');
    expect(deletion.targetIri).toBe(`/news/${someNews!.id}`);
    expect(deletion.changes?.title).toEqual({ before: someNews!.title, after: null });

    const rules = (await ctx.api('GET', '/notification_rules', { token: admin })).body[
      'hydra:member'
    ] as Record<string, unknown>[];
    const rule = rules[0]!;
    const patched = await ctx.api('PATCH', rule['@id'] as string, {
      token: admin,
      body: { isActivate: !rule.isActivate },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patched.status).toBe(200);
    const line = await lastLine('updateNotificationRule');
    expect(line.targetIri).toBe(rule['@id']);
    expect(line.changes).toEqual({
      isActivate: { before: rule.isActivate, after: !rule.isActivate },
    });
  });

  it('never writes a password, token or code', async () => {
    const profile = await insertStaffProfile(ctx.db, 'Auditee', ['staff_home_page']);
    await insertStaffUser(ctx.db, profile, 'audit.secret@reseau-patrimoine.fr');
    const token = await ctx.login('audit.secret@reseau-patrimoine.fr');
    const secret = 'Un-Nouveau-Secret-42!';
    const changed = await ctx.api('PUT', '/me/password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: secret },
    });
    const line = await lastLine('changePassword');
    expect(changed.status).toBeLessThan(300);
    expect(line.changes).toEqual({
      currentPassword: { before: null, after: REDACTED },
      newPassword: { before: null, after: REDACTED },
    });
    const everything = JSON.stringify(await ctx.db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(DEMO_PASSWORD);
  });

  it("leaves no line for an agent's mutation, a refused one, nor a staff's sign-out or tracking", async () => {
    const before = await lineCount();
    const claire = await ctx.login(CLAIRE);
    await ctx.api('POST', '/reminders', {
      token: claire,
      body: { title: 'Rappel', date: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const refused = await ctx.api('PUT', '/components/99999', {
      token: admin,
      body: { profiles: [] },
    });
    expect(refused.status).toBe(404);
    const staff = await ctx.login(COMMUNICATION);
    expect((await ctx.api('POST', '/logout', { token: staff })).status).toBe(204);
    expect(await lineCount()).toBe(before);
  });

  it('is read by audit_page holders only: an agent reads and exports nothing, and no operation writes it', async () => {
    const claire = await ctx.login(CLAIRE);
    expect((await ctx.api('GET', '/administration/audit', { token: claire })).status).toBe(403);
    expect((await ctx.api('GET', '/administration/audit/export', { token: claire })).status).toBe(
      403,
    );
    const communication = await ctx.login(COMMUNICATION);
    expect((await ctx.api('GET', '/administration/audit', { token: communication })).status).toBe(
      403,
    );
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(
        (await ctx.api(method, '/administration/audit', { token: admin, body: {} })).status,
      ).toBe(405);
  });

  it('lists newest first, 25 a page, filtered by who, operation, target and dates', async () => {
    const page = await ctx.api('GET', '/administration/audit', { token: admin });
    const members = page.body['hydra:member'] as { id: number; createdAt: string }[];
    expect(members.length).toBeLessThanOrEqual(25);
    const times = members.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const mine = await ctx.api('GET', '/administration/audit?user=admin@reseau', { token: admin });
    expect(mine.body['hydra:totalItems']).toBeGreaterThan(0);
    const nobody = await ctx.api('GET', '/administration/audit?user=personne-inconnue', {
      token: admin,
    });
    expect(nobody.body['hydra:totalItems']).toBe(0);
    const target = await ctx.api('GET', '/administration/audit?targetIri=/components/', {
      token: admin,
    });
    expect(
      target.body['hydra:member'].every((m: Entry) => m.targetIri?.startsWith('/components/')),
    ).toBe(true);
    const future = await ctx.api('GET', '/administration/audit?createdAt[after]=2999-01-01', {
      token: admin,
    });
    expect(future.body['hydra:totalItems']).toBe(0);
    const bad = await ctx.api('GET', '/administration/audit?createdAt[after]=hier', {
      token: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('filters by part of the operation, in any case (one word of it finds its lines)', async () => {
    const byWord = await ctx.api('GET', '/administration/audit?operationId=DISABLE', {
      token: admin,
    });
    expect(byWord.status).toBe(200);
    const ids = byWord.body['hydra:member'].map((m: Entry) => m.operationId);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(['disableUser']));
    const byPart = await ctx.api('GET', '/administration/audit?operationId=component', {
      token: admin,
    });
    expect(byPart.body['hydra:member'].map((m: Entry) => m.operationId)).toContain(
      'updateComponent',
    );
    // `%` and `_` are letters here, not wildcards.
    const wildcard = await ctx.api('GET', '/administration/audit?operationId=%25', {
      token: admin,
    });
    expect(wildcard.body['hydra:totalItems']).toBe(0);
  });

  it('exports the same filtered trail as a workbook that opens', async () => {
    const response = await ctx.api('GET', '/administration/audit/export?operationId=disableUser', {
      token: admin,
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Date',
      'Auteur',
      'Au nom de',
      'Opération',
      'Cible',
      'Modifications',
      'Statut',
      'Requête',
    ]);
    expect(rows.length).toBeGreaterThan(1);
    expect(String(rows[1]![3])).toBe('disableUser');
    expect(String(rows[1]![5])).toContain('roles : ');
  });
});

/** The database's refusal, as the driver reports it under drizzle's wrapping. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe('the audit table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever runs them', async () => {
    const [line] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(
      await refusal(ctx.db.execute(sql`update audit_log set status = 200 where id = ${line!.id}`)),
    ).toMatch(/append-only/);
    expect(
      await refusal(ctx.db.execute(sql`delete from audit_log where id = ${line!.id}`)),
    ).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, line!.id));
    expect(still).toEqual(line);
  });

  it('lets the retention job delete the lines past the retention, and those only', async () => {
    const old = new Date(Date.now() - 14 * 31 * 86_400_000);
    const recent = new Date(Date.now() - 12 * 30 * 86_400_000);
    const [kept, gone] = await ctx.db
      .insert(auditLog)
      .values([
        { userId: 1, method: 'POST', path: '/x', status: 200, createdAt: recent },
        { userId: 1, method: 'POST', path: '/x', status: 200, createdAt: old },
      ])
      .returning();
    // Outside the job, even an old line stays.
    expect(
      await refusal(ctx.db.execute(sql`delete from audit_log where id = ${gone!.id}`)),
    ).toMatch(/append-only/);
    expect(await purgeAuditLog(ctx.db, 13)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.select({ id: auditLog.id }).from(auditLog);
    expect(left.map((r) => r.id)).toContain(kept!.id);
    expect(left.map((r) => r.id)).not.toContain(gone!.id);
    expect(await purgeAuditLog(ctx.db, 13)).toBe(0);
  });
});

describe('retention', () => {
  it('is one daily job of the queue (one run per tick across processes), 13 months by default', () => {
    const job = jobDefinitions(ctx).find((definition) => definition.name === AUDIT_RETENTION_JOB);
    expect(job?.cron).toBe(AUDIT_RETENTION_CRON);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).auditRetentionMonths).toBe(13);
    expect(
      loadConfig({ JWT_SECRET: 'x'.repeat(32), AUDIT_RETENTION_MONTHS: '24' }).auditRetentionMonths,
    ).toBe(24);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), AUDIT_RETENTION_MONTHS: '0' })).toThrow(
      /AUDIT_RETENTION_MONTHS/,
    );
  });
});

describe('what a line keeps', () => {
  it('masks secrets by field name, at any depth', () => {
    for (const name of [
      'password',
      'newPassword',
      'password_hash',
      'token',
      'refreshToken',
      'code',
      'totpSecret',
      'recoveryCodes',
      'publicKey',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['postalCode', 'email', 'roles', 'title'])
      expect(isSecretName(name)).toBe(false);
    expect(redact({ a: { token: 'x', b: [{ secret: 'y', c: 1 }] } })).toEqual({
      a: { token: REDACTED, b: [{ secret: REDACTED, c: 1 }] },
    });
  });

  it('names the target up to the last parameter, and keeps only changed fields', () => {
    expect(targetPathOf('/users/{id}/disable')).toBe('/users/{id}');
    expect(targetPathOf('/users')).toBeNull();
    expect(changesOf({ a: 1, b: 2, '@id': 'x' }, { a: 1, b: 3, '@id': 'x' }, {}, true)).toEqual({
      b: { before: 2, after: 3 },
    });
    const body = { title: 'T', password: 'p' };
    expect(changesOf(null, body, body, false)).toEqual({
      password: { before: null, after: REDACTED },
      title: { before: null, after: 'T' },
    });
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { testPdf } from '@portal/test-files';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  administrations,
  agents,
  financialProducts,
  folders,
  invoices,
  mediaObjects,
  reminderLists,
  reminders,
  vlps,
} from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN, LUCAS } from './helpers/accounts.js';
import { createPicture, multipartForm, samplePng, type FilePart } from './helpers/communication.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';
import { ResponseChecker } from './helpers/contract.js';
import { handZip, invoicePdf, mappingXlsx } from './helpers/invoices.js';
import { insertParticipations } from './helpers/participations.js';
import { insertRegistration } from './helpers/registrations.js';
import { insertSalesFixture } from './helpers/sales-fixture.js';
import { insertStaffProfile, insertStaffUser } from './helpers/staff.js';
import { SPEC_CALLS, type SpecCall, type SpecCaller, type SpecFile } from './spec-replay/calls.js';
import { SPEC_ENTITIES, SPEC_ENTITIES_NOT_ANSWERED } from './spec-replay/entities.js';

/**
 * The spec's §7 calls (both documents) made as the spec writes them, by the caller it implies,
 * one after the other (`spec-replay/calls.ts`): a call the backend does not understand (any
 * answer but a 2xx: 400, 404, 405, 415…) or whose answer lacks what the spec reads from it
 * fails. Then the §3 fields of each entity are looked for in the answers
 * (`spec-replay/entities.ts`).
 */

/**
 * The spec lives beside the repository, not in it (`shared/spec`, one or two levels up, or
 * `SPEC_DIR`): where it is found, each entry's quote is checked against the line it cites.
 */
const REPO = join(import.meta.dirname, '../../..');
const SPEC_DIR = [
  process.env.SPEC_DIR,
  join(REPO, '../shared/spec'),
  join(REPO, '../../shared/spec'),
]
  .filter((dir): dir is string => dir !== undefined)
  .find((dir) => existsSync(join(dir, 'part-1-core.md')));
const specLines = (part: 1 | 2) =>
  readFileSync(
    join(SPEC_DIR!, part === 1 ? 'part-1-core.md' : 'part-2-sales-teams-documents.md'),
    'utf8',
  ).split('\n');

const RESET_EMAIL = 'relecture.reset@reseau-patrimoine.fr';

let ctx: TestContext;
const tokens = {} as Record<Exclude<SpecCaller, 'anonymous'>, string>;
/** Values of `{name}`: the fixtures, then what earlier answers gave. */
const known = new Map<string, unknown>();
const checkers = { main: new ResponseChecker('main'), training: new ResponseChecker('training') };

beforeAll(async () => {
  ctx = await createTestContext({ DEV_OUTBOX: '1', RESET_RATE_LIMIT: '100' });
  const signIn = async (as: Exclude<SpecCaller, 'anonymous'>, email: string) => {
    tokens[as] = await ctx.login(email);
    const me = await ctx.api('GET', '/me', { token: tokens[as] });
    known.set(`${as}Email`, email);
    known.set(`${as}UserId`, me.body.id ?? me.body.userId);
    known.set(`${as}Iri`, `/users/${me.body.id ?? me.body.userId}`);
    known.set(`${as}CgpId`, me.body.cgpId ?? null);
    known.set(`${as}SessionId`, decodeJwt(tokens[as]).sid);
  };
  await signIn('agent', JULIEN);
  await signIn('sponsor', CLAIRE);
  await signIn('accountOwner', LUCAS);
  await signIn('staff', ADMIN);
  await insertStaffUser(
    ctx.db,
    await insertStaffProfile(ctx.db, 'Relecture - Sans composant', []),
    RESET_EMAIL,
  );
  known.set('password', DEMO_PASSWORD);
  known.set('resetEmail', RESET_EMAIL);
  known.set('helpdeskRedirectUri', ctx.config.partners.helpdesk.redirectUris[0]);
  await setUpRecords();
});

/**
 * What the network holds before the spec's calls are made (a test database has the accounts
 * only): sales, training sessions, a picture, a news item, a notification, a network reminder,
 * a library file and an invoice, each for the agent. No portal settings yet: the spec's
 * `POST /administrations` makes them.
 */
async function setUpRecords() {
  const sales = await insertSalesFixture(ctx.db);
  const [product] = await ctx.db.select().from(financialProducts).limit(1);
  await ctx.db.insert(vlps).values(
    sales.customers.slice(0, 4).map((customer) => ({
      agentId: sales.agentIds.get(customer.agentCgp)!,
      customerId: customer.id,
      productId: product!.id,
      amount: 10_000,
      fee: 1.5,
      processingDate: `${new Date().getFullYear()}-01-15`,
      exercice: new Date().getFullYear(),
    })),
  );
  for (const sponsorCgp of ['CGP0001', 'CGP0002'])
    await insertRegistration(ctx.db, {
      firstName: 'Nouvelle',
      lastName: 'Recrue',
      sponsorCgp,
      step: 6,
    });
  await insertParticipations(ctx.db);
  const picture = await createPicture(ctx, tokens.staff, 'Visuel du réseau');
  const agentProfile = await profileIri('agent');
  const staffCall = async (method: string, url: string, body: unknown) => {
    const response = await ctx.api(method, url, { token: tokens.staff, body });
    if (response.status !== 201) throw new Error(`${method} ${url}: ${response.text}`);
    return response.body;
  };
  await staffCall('POST', '/news', {
    title: 'Actualité du réseau',
    date: new Date().toISOString().slice(0, 10),
    content: '<p>Bienvenue.</p>',
    displayed: true,
    sliderDisplayed: true,
    imageBank: picture['@id'],
    profilesToNotify: [agentProfile],
  });
  await staffCall('POST', '/notifications', {
    title: 'Notification du réseau',
    description: 'À lire.',
    profilesToNotify: [agentProfile],
    expireAt: new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10),
  });
  // Two: the spec's DELETE /reminder_lists/{id} takes one away.
  for (const title of ['Rappel réseau', 'Autre rappel réseau']) {
    const [reminder] = await ctx.db
      .insert(reminders)
      .values({ title, date: new Date(), type: 'hubnup', displayed: true })
      .returning();
    await ctx.db
      .insert(reminderLists)
      .values({ reminderId: reminder!.id, userId: Number(known.get('agentUserId')) });
  }
  const [folder] = await ctx.db
    .insert(folders)
    .values({ name: 'Documents du réseau', type: 'bibliotheque' })
    .returning();
  const filePath = 'library/uploads/relecture-reseau.pdf';
  await ctx.storage.put(filePath, testPdf('Guide du réseau'));
  const [file] = await ctx.db
    .insert(mediaObjects)
    .values({
      displayName: 'guide.pdf',
      filePath,
      mimeType: 'application/pdf',
      size: testPdf('Guide du réseau').length,
      folderId: folder!.id,
    })
    .returning();
  known.set('networkFolderId', folder!.id);
  known.set('networkFileIri', `/media_objects/${file!.id}`);
  const [agent] = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.cgpId, String(known.get('agentCgpId'))));
  const invoiceFile = 'invoices/dispatch/relecture.pdf';
  await ctx.storage.put(invoiceFile, invoicePdf('relecture'));
  await ctx.db.insert(invoices).values({
    agentId: agent!.id,
    year: 2025,
    month: 3,
    filename: 'relecture.pdf',
    filePath: invoiceFile,
  });
  await ctx.db.delete(administrations);
}
afterAll(() => ctx?.close());

/** Values found by asking the backend, the first time a call needs them (not spec calls). */
const LOOKUPS: Record<string, () => Promise<unknown>> = {
  now: async () => new Date().toISOString(),
  agentProfileIri: () => profileIri('agent'),
  realEstateClientId: async () => (await member('staff', '/ventes_valoriciels')).client.id,
  investmentClientId: async () => (await member('staff', '/ventes_orions')).client.id,
  agentClientId: async () => (await member('agent', '/clients?pagination=false')).id,
  agentClientIri: async () => (await member('agent', '/clients?pagination=false'))['@id'],
  agentConsultantId: async () => (await consultant()).id,
  agentConsultantIri: async () => (await consultant())['@id'],
  newsId: async () => (await member('agent', '/news?displayed=true')).id,
  newsListId: async () => (await member('agent', '/news_list/user')).id,
  notificationListId: async () => (await member('agent', '/notification_lists')).id,
  reminderListId: async () => (await member('agent', '/reminder_list/user')).id,
  imageBankIri: async () => (await member('staff', '/image_banks'))['@id'],
  accountOwnerId: async () => known.get('accountOwnerUserId'),
  invoiceYear: async () => (await invoice()).year,
  invoiceMonth: async () => (await invoice()).month,
  resetToken: async () => {
    const response = await ctx.main.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(RESET_EMAIL)}`,
    });
    const [mail] = response.json() as { text: string }[];
    const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no reset mail to ${RESET_EMAIL}`);
    return match[1];
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function get(as: Exclude<SpecCaller, 'anonymous'>, url: string): Promise<Json> {
  const response = await ctx.main.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
  return response.json();
}

async function member(as: Exclude<SpecCaller, 'anonymous'>, url: string): Promise<Json> {
  const first = (await get(as, url))['hydra:member']?.[0];
  if (!first) throw new Error(`GET ${url} as ${as}: no member`);
  return first;
}

async function profileIri(as: Exclude<SpecCaller, 'anonymous'>): Promise<string> {
  const me = await get(as, '/me');
  const profiles = (await get('staff', '/profiles'))['hydra:member'] as Json[];
  const mine = profiles.find((p) => p.name === me.roles?.[0] || p.title === me.profilName);
  if (!mine) throw new Error(`no profile for ${as}`);
  return mine['@id'];
}

const consultant = () => member('agent', `/consultants?idCgp=${known.get('agentCgpId')}`);
const invoice = () => member('staff', `/invoices?user.cgpId=${known.get('agentCgpId')}`);

async function value(name: string): Promise<unknown> {
  if (!known.has(name)) {
    const lookup = LOOKUPS[name];
    if (!lookup) throw new Error(`{${name}}: no earlier call gave it`);
    known.set(name, await lookup());
  }
  return known.get(name);
}

/** `{name}` filled in: a whole `{name}` keeps its value's type (`{name:number}` a number). */
async function fill(template: unknown): Promise<unknown> {
  if (typeof template === 'string') {
    const whole = /^\{([A-Za-z]+)(:number)?\}$/.exec(template);
    if (whole) {
      const found = await value(whole[1]!);
      return whole[2] ? Number(found) : found;
    }
    let text = template;
    for (const [, name] of template.matchAll(/\{([A-Za-z]+)\}/g))
      text = text.replace(`{${name}}`, String(await value(name!)));
    return text;
  }
  if (Array.isArray(template)) return Promise.all(template.map(fill));
  if (template !== null && typeof template === 'object')
    return Object.fromEntries(
      await Promise.all(Object.entries(template).map(async ([k, v]) => [k, await fill(v)])),
    );
  return template;
}

async function fileOf(kind: SpecFile): Promise<FilePart> {
  switch (kind) {
    case 'picture':
      return { data: samplePng(), filename: 'visuel.png', type: 'image/png' };
    case 'pdf':
      return { data: testPdf('Relecture'), filename: 'document.pdf', type: 'application/pdf' };
    case 'prospect-ric':
      return { data: testPdf('RIC'), filename: 'ric.pdf', type: 'application/pdf' };
    case 'prospect-der':
      return { data: testPdf('DER'), filename: 'der.pdf', type: 'application/pdf' };
    case 'users-xlsx': {
      const book = XLSX.utils.book_new();
      const rows = [
        ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
        ['relecture.import@exemple.fr', 'Import', 'Relecture', 'ROLE_COMMUNICATION', ''],
      ];
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Feuille 1');
      return {
        data: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
        filename: 'import.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    }
    case 'invoices-zip':
      return {
        data: handZip([{ name: 'relecture.pdf', data: invoicePdf('relecture') }]),
        filename: 'factures.zip',
        type: 'application/zip',
      };
    case 'invoices-mapping':
      return {
        data: await mappingXlsx([['relecture.pdf', 'CGP0002', 2026, 1]]),
        filename: 'correspondance.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
  }
}

/** Reads `a.0.b` in an answer. */
const at = (body: Json, path: string): Json =>
  path.split('.').reduce((node: Json, key) => (node == null ? undefined : node[key]), body);

interface Outcome {
  status: number;
  body: Json;
  problems: string[];
}

/** Makes one call of the catalogue; the problems say what a client of the spec would meet. */
async function replay(call: SpecCall): Promise<Outcome> {
  const path = String(await fill(call.path));
  const search = new URLSearchParams();
  for (const [name, raw] of Object.entries(call.query ?? {}))
    for (const item of [raw].flat()) search.append(name, String(await fill(item)));
  const url = search.size > 0 ? `${path}?${search}` : path;
  const headers: Record<string, string> = {};
  if (call.as !== 'anonymous') headers.authorization = `Bearer ${tokens[call.as]}`;
  let payload: string | Buffer | undefined;
  if (call.json !== undefined) {
    payload = JSON.stringify(await fill(call.json));
    // "Merge-patch content type is used for PATCH."
    headers['content-type'] =
      call.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  } else if (call.multipart) {
    const fields: Record<string, string | FilePart> = {};
    for (const [name, part] of Object.entries(call.multipart))
      fields[name] = typeof part === 'string' ? String(await fill(part)) : await fileOf(part.file);
    const form = await multipartForm(fields);
    payload = form.raw;
    Object.assign(headers, form.headers);
  }
  const app = call.training ? ctx.training : ctx.main;
  const response = await app.inject({ method: call.method, url, headers, payload });
  const contentType = String(response.headers['content-type'] ?? '');
  const body: Json = /json/.test(contentType) && response.body ? response.json() : response.body;
  const problems: string[] = [];
  if (call.refusedBy) {
    const { status, propertyPath } = call.refusedBy;
    const fields = (body?.violations ?? []).map((v: Json) => v.propertyPath);
    if (response.statusCode !== status || !fields.includes(propertyPath))
      problems.push(`${call.method} ${url}: ${response.statusCode}, not the recorded refusal`);
    return { status: response.statusCode, body, problems };
  }
  if (response.statusCode < 200 || response.statusCode > 299) {
    const said = body?.['hydra:description'] ?? String(response.body).slice(0, 160);
    problems.push(`${call.method} ${url}: ${response.statusCode} ${said}`);
    return { status: response.statusCode, body, problems };
  }
  try {
    checkers[call.training ? 'training' : 'main'].check({
      method: call.method,
      url,
      statusCode: response.statusCode,
      contentType,
      body: response.body,
    });
  } catch (error) {
    problems.push(`answer out of the contract: ${String(error).slice(0, 300)}`);
  }
  if (call.returns === 'collection' && !Array.isArray(body?.['hydra:member']))
    problems.push('no hydra:member in the answer');
  if (call.returns === 'file' && (/json/.test(contentType) || response.rawPayload.length === 0))
    problems.push(`not a file: ${contentType}`);
  if (Array.isArray(call.returns))
    for (const field of call.returns)
      if (body === null || typeof body !== 'object' || !(field in body))
        problems.push(`no « ${field} » in the answer`);
  for (const [name, path] of Object.entries(call.keeps ?? {})) {
    // `a|b`: the first of the places that holds it.
    const found = path
      .split('|')
      .map((place) => at(body, place))
      .find((value) => value !== undefined);
    if (found === undefined) problems.push(`no « ${path} » in the answer (kept as {${name}})`);
    else known.set(name, found);
  }
  return { status: response.statusCode, body, problems };
}

const label = (call: SpecCall) =>
  `part ${call.spec.part} l.${call.spec.line}: ${call.method} ${call.path}${
    call.query ? `?${Object.keys(call.query).join('&')}` : ''
  } (${call.as})`;

describe.skipIf(!SPEC_DIR)('the spec §7 catalogue', () => {
  it('names each call on the spec line it cites', () => {
    const lines = { 1: specLines(1), 2: specLines(2) };
    const wrong = SPEC_CALLS.filter(
      (call) => !lines[call.spec.part][call.spec.line - 1]?.includes(call.quote),
    ).map(label);
    expect(wrong).toEqual([]);
  });

  it('covers every line of both §7 tables', () => {
    const covered = new Set(SPEC_CALLS.map((call) => `${call.spec.part}:${call.spec.line}`));
    const missing: string[] = [];
    for (const part of [1, 2] as const) {
      const lines = specLines(part);
      const start = lines.findIndex((line) => line.startsWith('## 7.'));
      const end = lines.findIndex((line, index) => index > start && line.startsWith('## 8.'));
      lines.slice(start, end).forEach((line, offset) => {
        const number = start + offset + 1;
        // Table rows and list items naming a call: a method, or a path the spec does not show.
        const call =
          /^(\| |- )/.test(line) && /\b(GET|POST|PUT|PATCH|DELETE)\b|reminderFrequency/.test(line);
        if (
          call &&
          !/^\|---/.test(line) &&
          !/^\| Method/.test(line) &&
          !/belong to the other document/.test(line) &&
          !/Current-user fetch/.test(line) &&
          !covered.has(`${part}:${number}`)
        )
          missing.push(`part ${part} l.${number}: ${line.slice(0, 80)}`);
      });
    }
    expect(missing).toEqual([]);
  });
});

describe('the spec §7 calls, made as written', () => {
  for (const call of SPEC_CALLS) {
    it(label(call), async () => {
      const outcome = await replay(call);
      expect(outcome.problems).toEqual([]);
    });
  }
});

/** True when the path is in the node (a list: its first element; a null relation: nothing to ask). */
function holds(node: Json, path: string[]): boolean {
  if (path.length === 0) return true;
  if (node === null || typeof node !== 'object') return false;
  const [key, ...rest] = path as [string, ...string[]];
  if (!(key in node)) return false;
  const child = node[key];
  if (rest.length === 0 || child === null) return true;
  return holds(Array.isArray(child) ? (child[0] ?? null) : child, rest);
}

describe('the spec §3 fields, in the answers', () => {
  it.skipIf(!SPEC_DIR)('covers every entity line of both §3 lists', () => {
    const covered = new Set(SPEC_ENTITIES.map((e) => `${e.spec.part}:${e.spec.line}`));
    const missing: string[] = [];
    for (const part of [1, 2] as const) {
      const lines = specLines(part);
      const start = lines.findIndex((line) => line.startsWith('## 3.'));
      const end = lines.findIndex((line, index) => index > start && line.startsWith('## 4.'));
      lines.slice(start, end).forEach((line, offset) => {
        const key = `${part}:${start + offset + 1}`;
        if (line.startsWith('- ') && !covered.has(key) && !(key in SPEC_ENTITIES_NOT_ANSWERED))
          missing.push(`part ${part} l.${start + offset + 1}: ${line.slice(0, 60)}`);
      });
    }
    expect(missing).toEqual([]);
  });

  it.skipIf(!SPEC_DIR)('names each entity on the spec line it cites', () => {
    const lines = { 1: specLines(1), 2: specLines(2) };
    const wrong = SPEC_ENTITIES.filter((entity) => {
      const line = lines[entity.spec.part][entity.spec.line - 1] ?? '';
      return !line.toLowerCase().includes(entity.name.split(' ')[0]!.toLowerCase());
    }).map((entity) => `part ${entity.spec.part} l.${entity.spec.line}: ${entity.name}`);
    expect(wrong).toEqual([]);
  });

  for (const entity of SPEC_ENTITIES) {
    it(`part ${entity.spec.part} l.${entity.spec.line}: ${entity.name}`, async () => {
      const outcome = await replay(entity.from);
      expect(outcome.problems).toEqual([]);
      const missing: string[] = [];
      const object = entity.at ? at(outcome.body, entity.at) : outcome.body;
      expect(object, `${entity.at ?? 'the answer'}`).toBeTypeOf('object');
      for (const field of entity.fields)
        if (!field.split('|').some((name) => holds(object, name.split('.')))) missing.push(field);
      expect(missing).toEqual([]);
    });
  }
});

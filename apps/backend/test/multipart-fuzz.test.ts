import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, folders, prospects, users } from '../src/db/schema.js';
import { filesRoot } from '../src/files/storage.js';
import { ADMIN, COMMUNICATION, LUCAS } from './helpers/accounts.js';
import { samplePng } from './helpers/communication.js';
import { mappingXlsx } from './helpers/invoices.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { multipartOperationIds } from './helpers/contract.js';
import { filesUnder } from './helpers/files.js';

/**
 * Every operation that takes multipart/form-data, sent hostile bodies as the JSON routes are:
 * none may answer a 5xx, a NUL anywhere is a French 400, and no temporary file stays behind.
 */

let ctx: TestContext;
let staff: string;
let agent: string;
let admin: string;
let agentUserId: number;
let prospectId: number;
let folderId: number;
let mapping: Buffer;
beforeAll(async () => {
  mapping = await mappingXlsx([['facture.pdf', 'CGP0004', 2026, 6]]);
  ctx = await createTestContext();
  staff = await ctx.login(COMMUNICATION);
  admin = await ctx.login(ADMIN);
  const [lucas] = await ctx.db.select().from(agents).where(eq(agents.cgpId, 'CGP0004'));
  const [prospect] = await ctx.db
    .insert(prospects)
    .values({ agentId: lucas!.id, lastName: 'Fuzz', firstName: 'Prospect', birthday: '1980-01-01' })
    .returning();
  prospectId = prospect!.id;
  const [folder] = await ctx.db
    .insert(folders)
    .values({ name: 'Fuzz', type: 'bibliotheque' })
    .returning();
  folderId = folder!.id;
  agent = await ctx.login(LUCAS);
  agentUserId = (await ctx.db.select().from(users).where(eq(users.email, LUCAS)))[0]!.id;
});
afterAll(() => ctx?.close());

interface Target {
  url: () => string;
  token: () => string;
  /** Text fields a valid request carries besides the file. */
  fields: Record<string, string>;
  /** The file part's name (`file` unless the operation names it otherwise). */
  fileField?: string;
  /** Valid files a request carries besides the one fuzzed. */
  files?: () => Part[];
}

const TARGETS: Record<string, Target> = {
  createMediaObject: { url: () => '/media_objects', token: () => staff, fields: {} },
  changePicture: {
    url: () => `/users/change_picture/${agentUserId}`,
    token: () => agent,
    fields: {},
  },
  createAgentRequest: {
    url: () => '/agent_request',
    token: () => agent,
    fields: { title: 'Demande', content: 'Bonjour' },
  },
  createProspect: {
    url: () => '/prospects',
    token: () => agent,
    fields: { lastName: 'Fuzz', firstName: 'Prospect', birthday: '1980-01-01' },
  },
  addProspectFile: {
    url: () => `/prospect/${prospectId}/files`,
    token: () => agent,
    fields: { kind: 'RIC' },
  },
  createDispatchInvoiceRequest: {
    url: () => '/dispatch_invoice_request',
    token: () => admin,
    fields: {},
    fileField: 'invoicesFile',
    files: () => [{ name: 'mappingFile', filename: 'correspondance.xlsx', data: mapping }],
  },
  previewUserImport: { url: () => '/users/import/preview', token: () => admin, fields: {} },
  importUsers: { url: () => '/users/import', token: () => admin, fields: {} },
  uploadLibraryFile: {
    url: () => '/media_objects/library',
    token: () => admin,
    // Read when the cases are built, after the folder is made.
    fields: {
      get folder() {
        return String(folderId);
      },
    },
  },
};

const BOUNDARY = 'fuzzboundary';

type Part =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

function body(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`
        : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head, 'utf8'));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The cases, given the operation's valid text fields. */
function cases(
  fields: Record<string, string>,
  fileField = 'file',
  files: Part[] = [],
): { label: string; raw: Buffer; nul?: boolean }[] {
  const text: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files,
  ];
  const file = (data: Buffer, filename = 'photo.png', type = 'image/png'): Part => ({
    name: fileField,
    filename,
    data,
    type,
  });
  const png = samplePng();
  const firstField = Object.keys(fields)[0] ?? 'title';
  return [
    {
      label: 'NUL in a text field',
      raw: body([{ name: firstField, value: 'a\u0000b' }, file(png)]),
      nul: true,
    },
    {
      label: 'NUL in a field name',
      raw: body([{ name: 'ti\u0000tle', value: 'x' }, file(png)]),
      nul: true,
    },
    { label: 'NUL in a file name', raw: body([...text, file(png, 'a\u0000.png')]), nul: true },
    {
      label: 'PNG signature and 10 bytes',
      raw: body([...text, file(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(10)]))]),
    },
    { label: 'PNG signature alone', raw: body([...text, file(PNG_SIGNATURE)]) },
    {
      label: 'truncated PNG',
      raw: body([...text, file(png.subarray(0, Math.floor(png.length / 2)))]),
    },
    {
      label: 'renamed executable',
      raw: body([
        ...text,
        file(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'photo.png'),
      ]),
    },
    {
      label: 'ELF named as PDF',
      raw: body([
        ...text,
        file(
          Buffer.concat([Buffer.from('\u007fELF', 'latin1'), Buffer.alloc(64)]),
          'doc.pdf',
          'application/pdf',
        ),
      ]),
    },
    { label: 'empty file', raw: body([...text, file(Buffer.alloc(0))]) },
    { label: 'traversal file name', raw: body([...text, file(png, '../../../../etc/passwd')]) },
    { label: 'absolute file name', raw: body([...text, file(png, '/etc/passwd')]) },
    { label: 'very long file name', raw: body([...text, file(png, `${'a'.repeat(5000)}.png`)]) },
    {
      label: 'prototype keys',
      raw: body([
        { name: '__proto__', value: 'x' },
        { name: 'constructor', value: 'y' },
        ...text,
        file(png),
      ]),
    },
    {
      label: 'field over 64 KB',
      raw: body([{ name: firstField, value: 'x'.repeat(70_000) }, file(png)]),
    },
    {
      label: 'too many fields',
      raw: body([
        ...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
        file(png),
      ]),
    },
    { label: 'two files', raw: body([...text, file(png), file(png, 'second.png')]) },
    { label: 'no file', raw: body(text) },
    { label: 'unterminated body', raw: body([...text, file(png)], { close: false }) },
    { label: 'garbage', raw: Buffer.from('\u0000\u0001not multipart at all') },
    {
      label: 'control characters in text',
      raw: body([{ name: firstField, value: '\u0001\u001f\u007f' }, file(png)]),
    },
  ];
}

const temporaryFiles = (root: string): string[] =>
  filesUnder(root).filter((path) => path.endsWith('.part'));

describe('multipart routes under hostile bodies', () => {
  it('fuzzes a target for every multipart operation of the contract', () => {
    const multipartOperations = multipartOperationIds();
    expect(multipartOperations).toEqual(Object.keys(TARGETS).sort());
  });

  for (const [operationId, target] of Object.entries(TARGETS)) {
    it(`${operationId}: no 5xx, a NUL is a French 400, no temporary file stays`, async () => {
      const answers: string[] = [];
      for (const { label, raw, nul } of cases(target.fields, target.fileField, target.files?.())) {
        const response = await ctx.api('POST', target.url(), {
          token: target.token(),
          raw,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        });
        answers.push(`${label}: ${response.status}`);
        expect(response.status, `${label}: ${response.text}`).toBeLessThan(500);
        if (nul) {
          expect(response.status, label).toBe(400);
          expect(response.body['hydra:description'], label).toBe(
            'La requête contient un caractère nul (U+0000), refusé.',
          );
        }
        if (label.startsWith('PNG signature') || label === 'renamed executable')
          expect(response.status, `${label}: ${response.text}`).toBe(422);
        // A refused request's staged file is removed before its answer is sent.
        expect(temporaryFiles(filesRoot(ctx.config.dataDir)), answers.join('\n')).toEqual([]);
      }
    });
  }
});

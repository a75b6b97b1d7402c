import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
import { multipart, multipartForm, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
let claire: string;
let julien: string;

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A Windows executable, renamed. */
const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, claire, julien] = await Promise.all([
    ctx.login(ADMIN),
    ctx.login(CLAIRE),
    ctx.login(JULIEN),
  ]);
});
afterAll(() => ctx?.close());

const create = async (token: string, fields: Parameters<typeof multipartForm>[0]) =>
  ctx.api('POST', '/prospects', { token, ...(await multipartForm(fields)) });

/**
 * A prospect of Julien (CGP0002, in Claire's downline) with his RIC: Claire reads both (team
 * scope), as the tests below check first.
 */
async function downlineProspect() {
  const created = await create(julien, {
    lastName: 'Filleul',
    firstName: 'Prospect',
    birthday: '1980-02-02',
    ricFile: { data: pdf(), filename: 'ric.pdf', type: 'application/pdf' },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const ric = created.body.ricCollection[0].filePath as string;
  expect((await ctx.api('GET', `/prospects/${id}`, { token: claire })).status).toBe(200);
  expect((await ctx.api('GET', `/media/${ric}?download`, { token: claire })).status).toBe(200);
  return { id };
}

describe('prospects', () => {
  it('creates a prospect with his RIC, lists it and gives the file back', async () => {
    const created = await create(claire, {
      lastName: 'Durand',
      firstName: 'Alice',
      birthday: '1985-04-12',
      ricFile: { data: pdf(), filename: '../../ric alice.pdf', type: 'application/pdf' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      lastName: 'Durand',
      birthday: '1985-04-12',
      consultant: { idCgp: 'CGP0001' },
      derCollection: [],
    });
    const [ric] = created.body.ricCollection;
    expect(ric.displayName).toBe('ric alice.pdf');
    expect(ric.filePath).toMatch(/^prospects\/[0-9a-f]{32}\.pdf$/);
    // Where the spec reads it (§3): the entry holds its document under `ric`.
    expect(ric.ric).toEqual({
      displayName: ric.displayName,
      filePath: ric.filePath,
      createdAt: ric.createdAt,
    });

    const download = await ctx.api('GET', `/media/${ric.filePath}?download`, { token: claire });
    expect(download.status).toBe(200);
    expect(Buffer.from(download.raw).equals(pdf())).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');

    // Claire's sponsor sees it? No: Julien is in Claire's downline, not the other way round.
    expect((await ctx.api('GET', `/media/${ric.filePath}`, { token: julien })).status).toBe(404);
    expect((await ctx.api('GET', `/prospects/${created.body.id}`, { token: julien })).status).toBe(
      404,
    );
    // Staff see it; Claire sees it in her own list.
    expect((await ctx.api('GET', `/prospects/${created.body.id}`, { token: admin })).status).toBe(
      200,
    );
    const mine = await ctx.api('GET', '/prospects?mine=true&lastName=durand', { token: claire });
    expect(mine.body['hydra:member'].map((p: { id: number }) => p.id)).toContain(created.body.id);

    const more = await ctx.api('POST', `/prospect/${created.body.id}/files`, {
      token: claire,
      ...(await multipartForm({
        kind: 'DER',
        file: { data: samplePng(), filename: 'der.png', type: 'image/png' },
      })),
    });
    expect(more.status).toBe(201);
    expect(more.body.derCollection).toHaveLength(1);

    const patched = await ctx.api('PATCH', `/prospects/${created.body.id}`, {
      token: claire,
      body: { firstName: 'Alicia' },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patched.body.firstName).toBe('Alicia');

    const exported = await ctx.api('GET', '/prospects/export?lastName=durand', { token: claire });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.raw as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe('Durand');
  });

  it("lets a sponsor read his downline's prospect, never PATCH it", async () => {
    const { id } = await downlineProspect();
    const patch = (token: string) =>
      ctx.api('PATCH', `/prospects/${id}`, {
        token,
        body: { firstName: 'Changé' },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    // As missing as an unknown prospect, and nothing changes.
    const refused = await patch(claire);
    expect(refused.status).toBe(404);
    expect(refused.body['hydra:description']).toBe("La ressource demandée n'existe pas.");
    expect((await ctx.api('GET', `/prospects/${id}`, { token: julien })).body.firstName).toBe(
      'Prospect',
    );
    // Julien writes his own; staff write any.
    expect((await patch(julien)).status).toBe(200);
    expect((await patch(admin)).status).toBe(200);
  });

  it("lets a sponsor read his downline's prospect, never add a file to it", async () => {
    const { id } = await downlineProspect();
    const addFile = async (token: string) =>
      ctx.api('POST', `/prospect/${id}/files`, {
        token,
        ...(await multipartForm({
          kind: 'DER',
          file: { data: pdf(), filename: 'der.pdf', type: 'application/pdf' },
        })),
      });
    expect((await addFile(claire)).status).toBe(404);
    expect(
      (await ctx.api('GET', `/prospects/${id}`, { token: julien })).body.derCollection,
    ).toEqual([]);
    expect((await addFile(julien)).status).toBe(201);
    expect((await addFile(admin)).status).toBe(201);
  });

  it('refuses a renamed executable, bad fields and a prospect without documents', async () => {
    const renamed = await create(claire, {
      lastName: 'Martin',
      firstName: 'Bob',
      birthday: '1990-01-01',
      ricFile: { data: exe(), filename: 'ric.pdf', type: 'application/pdf' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.violations).toEqual([
      {
        propertyPath: 'ricFile',
        message:
          'Ce type de fichier n’est pas accepté : pdf, jpg, jpeg, png, doc, docx ou odt uniquement.',
        code: null,
      },
    ]);

    const invalid = await create(claire, {
      lastName: '',
      firstName: 'Bob',
      birthday: '31/02/1990',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(
      expect.arrayContaining(['lastName', 'birthday']),
    );

    // Admin holds prospects_required_documents: one of RIC or DER is required.
    const bare = await create(admin, {
      lastName: 'Sans',
      firstName: 'Document',
      birthday: '1990-01-01',
      consultant: 'CGP0002',
    });
    expect(bare.status).toBe(422);
    expect(bare.body.violations[0].message).toBe('Joignez au moins un document : RIC ou DER.');

    const upload = await ctx.api('POST', '/prospect/999999/files', {
      token: claire,
      ...(await multipart('file', pdf(), 'x.pdf', 'application/pdf')),
    });
    expect(upload.status).toBe(404);
    expect(
      (await ctx.api('GET', '/media/prospects/..%2F..%2Fetc%2Fpasswd', { token: claire })).status,
    ).toBe(400);
  });
});

import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, invoices, mediaObjects } from '../src/db/schema.js';
import { listZip, storedItem, zipFiles } from '../src/files/zip.js';
import { messages } from '../src/http/messages.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { multipartForm, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { invoicePdf } from './helpers/invoices.js';

/**
 * The zips of stored files (a library folder, an invoices period): a file whose row is there but
 * whose bytes are not refuses the download before its first byte, never an archive without it.
 */
let ctx: TestContext;
let admin: string;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  claire = await ctx.login(CLAIRE);
});
afterAll(() => ctx?.close());

const folder = async (name: string) =>
  (
    await ctx.api('POST', '/folders', {
      token: admin,
      body: { name, type: 'bibliotheque', parentFolder: null },
    })
  ).body as { id: number };

const upload = async (folderId: number, data: Buffer, filename: string) => {
  const answer = await ctx.api('POST', '/media_objects/library', {
    token: admin,
    ...(await multipartForm({
      folder: `/folders/${folderId}`,
      file: { data, filename, type: 'application/octet-stream' },
    })),
  });
  expect(answer.status).toBe(201);
  const [row] = await ctx.db
    .select({ filePath: mediaObjects.filePath })
    .from(mediaObjects)
    .where(eq(mediaObjects.id, answer.body.id));
  return row!.filePath;
};

describe('a library folder as a zip', () => {
  it('is refused with a French 500 naming the missing file, before any byte', async () => {
    const top = await folder('Archives perdues');
    const lost = await upload(top.id, invoicePdf('perdue'), 'Perdu.pdf');
    await upload(top.id, samplePng(), 'Gardé.png');
    const zip = () => ctx.api('GET', `/folder/${top.id}/folder?action=download`, { token: claire });
    expect((await listZip((await zip()).raw)).map((entry) => entry.name).sort()).toEqual([
      'Archives perdues/Gardé.png',
      'Archives perdues/Perdu.pdf',
    ]);

    await ctx.storage.delete(lost);
    const refused = await zip();
    expect(refused.status).toBe(500);
    expect(refused.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.body['hydra:description']).toBe(
      messages.archiveFilesMissing(1, 2, ['Perdu.pdf']),
    );
    expect(refused.body['hydra:description']).toBe(
      "L'archive n'a pas pu être créée : un fichier sur 2 est introuvable sur le stockage (« Perdu.pdf »). Prévenez un administrateur.",
    );
  });

  it('is a 404 for a folder without any file, not an empty archive', async () => {
    const empty = await folder('Dossier vide');
    const answer = await ctx.api('GET', `/folder/${empty.id}/folder?action=download`, {
      token: claire,
    });
    expect(answer.status).toBe(404);
    expect(answer.body['hydra:description']).toBe(messages.emptyFolder);
  });
});

describe('an invoices month as a zip', () => {
  it('is refused with a French 500 when its files are missing, never a 22-byte empty zip', async () => {
    const [claireAgent] = await ctx.db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.cgpId, 'CGP0001'));
    // Rows of a month whose files never reached the store (another process's DATA_DIR).
    for (const name of ['Facture_avril.pdf', 'Facture_avril_bis.pdf'])
      await ctx.db.insert(invoices).values({
        agentId: claireAgent!.id,
        year: 2018,
        month: 4,
        filename: name,
        filePath: `invoices/dispatch/absent-${name}`,
      });
    const answer = await ctx.api('GET', '/invoices/download?year=2018&month=4', {
      token: claire,
    });
    expect(answer.status).toBe(500);
    expect(answer.body['hydra:description']).toBe(
      "L'archive n'a pas pu être créée : 2 fichiers sur 2 sont introuvables sur le stockage (« Facture_avril.pdf », « Facture_avril_bis.pdf »). Prévenez un administrateur.",
    );
  });
});

describe('a stored file gone while its zip streams', () => {
  it('fails the archive instead of leaving the file out', async () => {
    await ctx.storage.put('library/uploads/present.pdf', invoicePdf('présente'));
    const archive = zipFiles([
      storedItem(ctx.storage, 'library/uploads/present.pdf', 'présente.pdf'),
      storedItem(ctx.storage, 'library/uploads/removed-meanwhile.pdf', 'partie.pdf'),
    ]);
    await expect(buffer(archive)).rejects.toThrow(
      'Stored file missing: library/uploads/removed-meanwhile.pdf',
    );
  });
});

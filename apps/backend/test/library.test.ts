import { join } from 'node:path';
import { fakerFR } from '@faker-js/faker';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  componentProfiles,
  components,
  folders,
  mediaObjects,
  profiles,
} from '../src/db/schema.js';
import { listZip } from '../src/files/zip.js';
import { EXTRACT_TEXT_JOB, extractTextJob } from '../src/library/text.js';
import { seedLibrary } from '../src/seed/network/content.js';
import { FileStore, pdf } from '../src/seed/network/files.js';
import { Random } from '../src/seed/network/random.js';
import { users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
import { multipartForm, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';
import { insertStaffProfile, insertStaffUser } from './helpers/staff.js';

let ctx: TestContext;
let admin: string;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  agent = await ctx.login(CLAIRE);
  // The demo network's libraries (folders, real PDFs and their text), as `npm start` seeds them.
  const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
  fakerFR.seed(1);
  await seedLibrary(
    {
      db: ctx.db,
      random: new Random(1),
      faker: fakerFR,
      files: new FileStore(join(ctx.config.dataDir, 'files')),
      scale: 1,
      today: new Date().toISOString().slice(0, 10),
      rows: 0,
      log: () => {},
    },
    [{ userId: claire!.id }],
  );
});
afterAll(() => ctx?.close());

const createFolder = async (name: string, parentFolder: number | null = null, token = admin) =>
  ctx.api('POST', '/folders', { token, body: { name, type: 'bibliotheque', parentFolder } });

const upload = async (folder: number, data: Buffer, filename: string, token = admin) =>
  ctx.api('POST', '/media_objects/library', {
    token,
    ...(await multipartForm({
      folder: `/folders/${folder}`,
      file: { data, filename, type: 'application/octet-stream' },
    })),
  });

const files = async (token: string, type = 'bibliotheque') =>
  (await ctx.api('GET', `/media_objects?pagination=false&folder.type[]=${type}`, { token })).body[
    'hydra:member'
  ] as { id: number; displayName: string; isRecent: boolean; folder: number }[];

const search = (q: string, token = agent, type = 'bibliotheque') =>
  ctx.api('GET', `/media_objects/search?folder.type=${type}&q=${encodeURIComponent(q)}`, { token });

describe('folders, files and downloads', () => {
  it('builds a tree, refuses a move into its own subtree, uploads, marks read and zips', async () => {
    const top = (await createFolder('Textes 2026')).body;
    expect(top).toMatchObject({ '@type': 'Folder', name: 'Textes 2026', parentFolder: null });
    const middle = (await createFolder('Directives', top.id)).body;
    const bottom = (await createFolder('Annexes', middle.id)).body;
    expect((await createFolder('  ')).body.violations).toEqual([
      { propertyPath: 'name', message: 'Ce champ est obligatoire.', code: null },
    ]);

    // A folder cannot go under itself nor anything below it.
    for (const parent of [top.id, bottom.id]) {
      const cycle = await ctx.api('POST', `/folders/edit/${top.id}`, {
        token: admin,
        body: { parentFolder: `/folders/${parent}` },
      });
      expect(cycle.status).toBe(422);
      expect(cycle.body.violations[0].message).toBe(
        'Erreur : le dossier ne peut pas être son propre dossier parent',
      );
    }
    const moved = await ctx.api('POST', `/folders/edit/${bottom.id}`, {
      token: admin,
      body: { name: 'Annexes techniques', parentFolder: top.id },
    });
    expect(moved.body).toMatchObject({
      name: 'Annexes techniques',
      parentFolder: `/folders/${top.id}`,
    });

    // Uploads: the type is read from the content, names are cleaned, paths generated.
    const document = pdf('Directive distribution', ['Le devoir de conseil renforcé.']);
    const uploaded = await upload(middle.id, document, '../../etc/Directive DDA.pdf');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ displayName: 'Directive DDA.pdf', isRecent: true });
    const [row] = await ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.id, uploaded.body.id));
    expect(row!.filePath).toMatch(/^library\/uploads\/[0-9a-f]{32}\.pdf$/);
    expect((await upload(bottom.id, samplePng(), 'schema.png')).status).toBe(201);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(256, 1)]);
    expect((await upload(middle.id, exe, 'note.pdf')).body.violations[0].message).toBe(
      "Ce type de fichier n'est pas accepté.",
    );
    // Viewers cannot write.
    expect((await createFolder('Pirate', null, agent)).status).toBe(403);
    expect((await upload(middle.id, document, 'x.pdf', agent)).status).toBe(403);
    expect(
      (await ctx.api('POST', `/folders/edit/${top.id}`, { token: agent, body: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect((await ctx.api('DELETE', `/folders/${top.id}`, { token: agent })).status).toBe(403);

    // The recent marker goes once the agent opens the file.
    const mine = () => files(agent).then((list) => list.find((f) => f.id === uploaded.body.id)!);
    expect((await mine()).isRecent).toBe(true);
    const opened = await ctx.api('GET', `/media_object/${uploaded.body.id}/file`, {
      token: agent,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(String(opened.headers['content-disposition'])).toMatch(/^inline;/);
    expect(opened.raw.equals(document)).toBe(true);
    expect((await mine()).isRecent).toBe(false);
    // Still recent for the administrator, who has not opened it.
    expect((await files(admin)).find((f) => f.id === uploaded.body.id)!.isRecent).toBe(true);

    // The whole folder as a zip, its tree inside.
    const zip = await ctx.api('GET', `/folder/${top.id}/folder?action=download`, { token: agent });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain('Textes 2026.zip');
    const names = (await listZip(zip.raw)).map((entry) => entry.name).sort();
    expect(names).toEqual([
      'Textes 2026/Annexes techniques/schema.png',
      'Textes 2026/Directives/Directive DDA.pdf',
    ]);

    // Deleting the top folder takes the tree, the rows and the stored bytes.
    expect((await ctx.api('DELETE', `/folders/${top.id}`, { token: admin })).status).toBe(204);
    expect(await ctx.db.select().from(folders).where(eq(folders.id, bottom.id))).toEqual([]);
    expect(await ctx.storage.read(row!.filePath)).toBeNull();
  });

  it('keeps a library the profile lacks closed: folders, files, downloads and search', async () => {
    const [racFile] = await files(admin, 'rac');
    expect(racFile).toBeDefined();
    for (const path of [
      '/folders?type=rac',
      '/media_objects?pagination=false&folder.type[]=rac',
      `/media_objects/${racFile!.id}`,
      `/folders/${racFile!.folder}`,
      '/media_objects/search?folder.type=rac&q=registre',
      `/media_object/${racFile!.id}/file?action=download`,
      `/folder/${racFile!.folder}/folder?action=download`,
    ])
      expect((await ctx.api('GET', path, { token: agent })).status, path).toBe(403);
    // A word found only in the RAC documents is never found through another library.
    expect((await search('réclamation', admin, 'rac')).body['hydra:totalItems']).toBeGreaterThan(0);
    expect((await search('réclamation')).body['hydra:totalItems']).toBe(0);
  });
});

describe('search inside the documents', () => {
  it('finds a word of the PDF text only, with or without its accents, with the passage', async () => {
    for (const words of ['adéquation', 'adequation', 'ADEQUATION', 'questionnaires d’adéquation']) {
      const found = await search(words);
      expect(found.status).toBe(200);
      const members = found.body['hydra:member'] as { displayName: string; headline?: string }[];
      expect(members.length, words).toBeGreaterThan(0);
      for (const member of members) {
        expect(member.displayName).toMatch(/^Réglementaire/);
        // The passage is the document's own text, accents kept (issue 41), the word marked.
        expect(member.headline).toMatch(/\[\[adéquation\]\]/);
        expect(member.headline).toMatch(
          /\.\nLe (\[\[)?questionnaire(\]\])? d’\[\[adéquation\]\] et la lutte/,
        );
      }
    }
    // File names match too, accents ignored.
    const byName = (await search('reglementaire')).body['hydra:member'] as {
      displayName: string;
    }[];
    expect(byName.some((file) => file.displayName.startsWith('Réglementaire'))).toBe(true);
    expect((await search('zzzintrouvable')).body['hydra:totalItems']).toBe(0);
  });

  it('reads the text of an uploaded PDF on the job queue, then finds it', async () => {
    const folder = (await createFolder('Extraction')).body;
    const uploaded = await upload(
      folder.id,
      pdf('Note interne', ['La procedure de souscription dematerialisee.']),
      'note.pdf',
    );
    expect((await search('dématérialisée')).body['hydra:totalItems']).toBe(0);
    // The job the upload queued, run here (the tests' queue only sends).
    await extractTextJob(ctx).run({ mediaObjectId: uploaded.body.id }, { id: 't', retryCount: 0 });
    const found = (await search('dématérialisée')).body['hydra:member'] as { id: number }[];
    expect(found.map((file) => file.id)).toEqual([uploaded.body.id]);
  });
});

describe('document modification requests', () => {
  it('goes from en étude to traitée with a comment; the agent reads it, never writes it', async () => {
    const [file] = await files(agent);
    const [racFile] = await files(admin, 'rac');
    const missing = await ctx.api('POST', '/document_modification_requests', {
      token: agent,
      body: { title: ' ', description: '<p> </p>', mediaObject: null },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'title',
      'description',
      'mediaObject',
    ]);
    // A file of a library the agent cannot view does not exist for him.
    const hidden = await ctx.api('POST', '/document_modification_requests', {
      token: agent,
      body: { title: 'RAC', description: 'x', mediaObject: `/media_objects/${racFile!.id}` },
    });
    expect(hidden.body.violations[0]).toMatchObject({ message: "Ce fichier n'existe pas." });

    const created = await ctx.api('POST', '/document_modification_requests', {
      token: agent,
      body: {
        title: 'Barème périmé',
        description: '<p onclick="alert(1)">Le barème <script>alert(1)</script>est daté.</p>',
        mediaObject: `/media_objects/${file!.id}`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Barème périmé',
      description: '<p>Le barème est daté.</p>',
      status: 'en étude',
      comment: null,
      mediaObject: { id: file!.id, folder: { type: 'bibliotheque' } },
      applicant: { fullName: 'Claire Martin' },
    });
    const path = `/document_modification_requests/${created.body.id}`;

    // Staff handle it; the comment is 255 characters at most.
    const long = await ctx.api('PATCH', path, {
      token: admin,
      body: { comment: 'x'.repeat(256) },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(long.status).toBe(422);
    expect(long.body.violations[0].message).toBe('Ce champ ne doit pas dépasser 255 caractères.');
    const handled = await ctx.api('PATCH', path, {
      token: admin,
      body: { status: 'traitée', comment: 'Barème mis à jour.' },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(handled.body).toMatchObject({ status: 'traitée', comment: 'Barème mis à jour.' });
    expect(
      (
        await ctx.api('PATCH', path, {
          token: agent,
          body: { status: 'refusée' },
          headers: { 'content-type': 'application/merge-patch+json' },
        })
      ).status,
    ).toBe(403);

    // The agent's list, newest first, filtered by status and by his own requests.
    const mine = await ctx.api(
      'GET',
      `/document_modification_requests?status=traitée&applicant.id=${created.body.applicant.id}`,
      { token: agent },
    );
    expect(mine.body['hydra:member'][0]).toMatchObject({ id: created.body.id, status: 'traitée' });
    const staffList = await ctx.api('GET', '/document_modification_requests', { token: admin });
    const dates = staffList.body['hydra:member'].map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(staffList.body['hydra:member'].length).toBeLessThanOrEqual(10);
  });

  it('lets an agent given the edit component change his own requests only', async () => {
    // The agents' profile is given `modification_requests_edit` (staff only in the seed):
    // Claire then reads Julien's request but changes only hers.
    const [edit] = await ctx.db
      .select()
      .from(components)
      .where(eq(components.name, 'modification_requests_edit'));
    const [agents] = await ctx.db.select().from(profiles).where(eq(profiles.title, 'Mandataire'));
    const holding = { componentId: edit!.id, profileId: agents!.id };
    await ctx.db.insert(componentProfiles).values(holding);
    try {
      const julien = await ctx.login(JULIEN);
      const [file] = await files(agent);
      const request = async (token: string) =>
        (
          await ctx.api('POST', '/document_modification_requests', {
            token,
            body: {
              title: 'Coquille',
              description: 'x',
              mediaObject: `/media_objects/${file!.id}`,
            },
          })
        ).body.id as number;
      const patch = (id: number, token: string) =>
        ctx.api('PATCH', `/document_modification_requests/${id}`, {
          token,
          body: { status: 'refusée' },
          headers: { 'content-type': 'application/merge-patch+json' },
        });
      const his = await request(julien);
      const path = `/document_modification_requests/${his}`;
      expect((await ctx.api('GET', path, { token: agent })).status).toBe(200);
      expect((await patch(his, agent)).status).toBe(404);
      expect((await ctx.api('GET', path, { token: admin })).body.status).toBe('en étude');
      expect((await patch(await request(agent), agent)).status).toBe(200);
      expect((await patch(his, admin)).status).toBe(200);
    } finally {
      await ctx.db
        .delete(componentProfiles)
        .where(
          and(
            eq(componentProfiles.componentId, holding.componentId),
            eq(componentProfiles.profileId, holding.profileId),
          ),
        );
    }
  });
});

/** The spec's §7 calls of the libraries, as written (issue 39, calls 4 to 10). */
describe("the spec's library calls", () => {
  const mergePatch = { 'content-type': 'application/merge-patch+json' };
  const specUpload = async (
    fields: Record<string, string | { data: Buffer; filename: string }>,
    token = admin,
  ) => ctx.api('POST', '/media_objects', { token, ...(await multipartForm(fields)) });
  const adminId = async () =>
    (await ctx.db.select().from(users).where(eq(users.email, ADMIN)))[0]!.id;

  it('uploads several files as file[i] with folderId and person, lists, renames, moves, deletes', async () => {
    const folder = (await createFolder('Spec 7')).body;
    const other = (await createFolder('Spec 7 bis')).body;
    const document = pdf('Barème', ['Les frais de gestion.']);
    const sent = vi.spyOn(ctx.jobs, 'send');
    const uploaded = await specUpload({
      'file[0]': { data: document, filename: 'Barème 2026.pdf' },
      'file[1]': { data: samplePng(), filename: '../../schéma.png' },
      person: `/users/${await adminId()}`,
      folderId: String(folder.id),
    });
    expect(uploaded.status).toBe(201);
    // The files made, as one collection named after their folder.
    expect(uploaded.body).toMatchObject({
      '@context': '/contexts/LibraryFile',
      '@id': `/media_objects?folderId=${folder.id}`,
      '@type': 'hydra:Collection',
      'hydra:totalItems': 2,
    });
    const made = uploaded.body['hydra:member'] as {
      id: number;
      displayName: string;
      filePath: string;
      contentUrl: string;
      person: string;
    }[];
    expect(made.map((file) => file.displayName)).toEqual(['Barème 2026.pdf', 'schéma.png']);
    expect(made[0]).toMatchObject({
      '@id': `/media_objects/${made[0]!.id}`,
      contentUrl: `/media_object/${made[0]!.id}/file`,
      person: `/users/${await adminId()}`,
      folder: folder.id,
    });
    expect(made[0]!.filePath).toMatch(/^library\/uploads\/[0-9a-f]{32}\.pdf$/);
    // The PDF's text goes to the job queue, as with the one-file upload.
    expect(sent).toHaveBeenCalledWith(
      EXTRACT_TEXT_JOB,
      { mediaObjectId: made[0]!.id },
      expect.anything(),
    );
    sent.mockRestore();

    // GET /media_objects?pagination=false&folder.type[]=…
    const listed = await ctx.api(
      'GET',
      '/media_objects?pagination=false&folder.type[]=bibliotheque',
      { token: agent },
    );
    expect(listed.status).toBe(200);
    const ids = (listed.body['hydra:member'] as { id: number }[]).map((file) => file.id);
    expect(ids).toEqual(expect.arrayContaining(made.map((file) => file.id)));
    expect(
      (await ctx.api('GET', '/media_objects?pagination=false&folder.type[]=rac', { token: agent }))
        .status,
    ).toBe(403);

    // The folder shows its person, children and files as IRIs.
    const library = (await ctx.api('GET', '/folders?type=bibliotheque', { token: agent })).body;
    // The whole library at once, named after its type: no page, no `hydra:view`.
    expect(library).toMatchObject({
      '@context': '/contexts/Folder',
      '@id': '/folders?type=bibliotheque',
      '@type': 'hydra:Collection',
    });
    expect(library['hydra:view']).toBeUndefined();
    const tree = library['hydra:member'] as {
      id: number;
      mediaObjects: string[];
      person: string;
    }[];
    const shown = tree.find((f) => f.id === folder.id)!;
    expect(shown.person).toBe(`/users/${await adminId()}`);
    expect([...shown.mediaObjects].sort()).toEqual(
      made.map((f) => `/media_objects/${f.id}`).sort(),
    );

    // POST /media_objects/edit/{id}?name&path and POST /folders/edit/{id}?name&path, no body.
    const renamed = await ctx.api(
      'POST',
      `/media_objects/edit/${made[1]!.id}?name=${encodeURIComponent('Schéma v2.png')}&path=${other.id}`,
      { token: admin },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: 'Schéma v2.png', folder: other.id });
    const movedFolder = await ctx.api(
      'POST',
      `/folders/edit/${other.id}?name=Annexe&path=${encodeURIComponent(`/folders/${folder.id}`)}`,
      { token: admin },
    );
    expect(movedFolder.status).toBe(200);
    expect(movedFolder.body).toMatchObject({
      name: 'Annexe',
      parentFolder: `/folders/${folder.id}`,
      mediaObjects: [`/media_objects/${made[1]!.id}`],
    });
    const parent = await ctx.api('POST', `/folders/edit/${folder.id}?name=Spec%207`, {
      token: admin,
    });
    expect(parent.body.childrenFolders).toEqual([`/folders/${other.id}`]);
    // Its own child as its parent: the spec's message.
    const cycle = await ctx.api('POST', `/folders/edit/${folder.id}?path=${other.id}`, {
      token: admin,
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.violations[0].message).toBe(
      'Erreur : le dossier ne peut pas être son propre dossier parent',
    );
    // An empty path is the root of the library.
    const root = await ctx.api('POST', `/folders/edit/${other.id}?path=`, { token: admin });
    expect(root.body.parentFolder).toBeNull();

    // DELETE /media_objects/{id} on a library file: its library's editors only.
    expect(
      (await ctx.api('DELETE', `/media_objects/${made[0]!.id}`, { token: agent })).status,
    ).toBe(403);
    expect(
      (await ctx.api('DELETE', `/media_objects/${made[0]!.id}`, { token: admin })).status,
    ).toBe(204);
    expect(await ctx.storage.read(made[0]!.filePath)).toBeNull();
    expect(
      (await ctx.api('DELETE', `/media_objects/${made[0]!.id}`, { token: admin })).status,
    ).toBe(404);
    // The document modification request shows its file's path.
    const request = await ctx.api('POST', '/document_modification_requests', {
      token: agent,
      body: { title: 'Coquille', description: 'x', mediaObject: `/media_objects/${made[1]!.id}` },
    });
    expect(request.body.mediaObject.filePath).toBe(made[1]!.filePath);
  });

  it("reads a folder and a library file by their IRIs, as listed, with their lists' rules", async () => {
    const folder = (await createFolder('Par IRI')).body;
    const file = (await upload(folder.id, samplePng(), 'iri.png')).body;
    for (const [list, iri] of [
      ['/folders?type=bibliotheque', folder['@id']],
      ['/media_objects?pagination=false&folder.type[]=bibliotheque', file['@id']],
    ]) {
      const member = (
        (await ctx.api('GET', list, { token: agent })).body['hydra:member'] as { '@id': string }[]
      ).find((m) => m['@id'] === iri);
      const read = await ctx.api('GET', iri, { token: agent });
      expect(read.status, iri).toBe(200);
      expect(read.body).toEqual(member);
    }
    expect((await ctx.api('GET', folder['@id'], { token: agent })).body).toMatchObject({
      person: `/users/${await adminId()}`,
      parentFolder: null,
      childrenFolders: [],
      mediaObjects: [file['@id']],
    });
    // The agent's libraries: readable; 404 for an unknown id.
    await expectItemsReadable(ctx, '/folders?type=bibliotheque', agent);
    await expectItemsReadable(
      ctx,
      '/media_objects?pagination=false&folder.type[]=bibliotheque',
      agent,
    );
    // A library his profile lacks (the RAC's): 403, as its lists.
    await expectItemsReadable(ctx, '/folders?type=rac', admin, agent);
    await expectItemsReadable(
      ctx,
      '/media_objects?pagination=false&folder.type[]=rac',
      admin,
      agent,
    );
    // A picture of the image bank is not the agent's to read; a staff holding the pictures
    // component alone reads the picture, not a library file nor a folder.
    const picture = (await specUpload({ file: { data: samplePng(), filename: 'p.png' } })).body;
    expect((await ctx.api('GET', picture['@id'], { token: agent })).status).toBe(403);
    const profile = await insertStaffProfile(ctx.db, 'Images seules', ['pictures_library_page']);
    await insertStaffUser(ctx.db, profile, 'images.seules@reseau-patrimoine.fr');
    const pictures = await ctx.login('images.seules@reseau-patrimoine.fr');
    expect((await ctx.api('GET', picture['@id'], { token: pictures })).status).toBe(200);
    expect((await ctx.api('GET', file['@id'], { token: pictures })).status).toBe(403);
    expect((await ctx.api('GET', folder['@id'], { token: pictures })).status).toBe(403);
  });

  it('keeps the read state per user: the caller lists and marks only his own', async () => {
    const folder = (await createFolder('Lecture')).body;
    const made = (
      await specUpload({
        'file[0]': { data: samplePng(), filename: 'nouveau.png' },
        folderId: `/folders/${folder.id}`,
      })
    ).body['hydra:member'] as { id: number }[];
    const fileId = made[0]!.id;
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const unread = async (token: string, email: string) =>
      (
        await ctx.api(
          'GET',
          `/media_object_lists?mediaObject.createdAt[after]=${since}&readByUser=false&user.email=${encodeURIComponent(email)}`,
          { token },
        )
      ).body['hydra:member'] as {
        '@id': string;
        id: number;
        readByUser: boolean;
        mediaObject: { id: number };
        user: { email: string };
      }[];
    const mine = (await unread(agent, CLAIRE)).find((entry) => entry.mediaObject.id === fileId)!;
    expect(mine).toMatchObject({ readByUser: false, user: { email: CLAIRE } });
    // Another's e-mail finds nothing, even for staff; another's entry cannot be read or changed.
    expect(await unread(admin, CLAIRE)).toEqual([]);
    expect((await ctx.api('GET', mine['@id'], { token: admin })).status).toBe(404);
    expect((await ctx.api('GET', mine['@id'], { token: agent })).body).toEqual(mine);
    expect(
      (
        await ctx.api('PATCH', mine['@id'], {
          token: admin,
          body: { readByUser: true },
          headers: mergePatch,
        })
      ).status,
    ).toBe(404);
    const marked = await ctx.api('PATCH', mine['@id'], {
      token: agent,
      body: { readByUser: true },
      headers: mergePatch,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.readByUser).toBe(true);
    expect((await unread(agent, CLAIRE)).some((entry) => entry.mediaObject.id === fileId)).toBe(
      false,
    );
    // The recent marker of the file list reads the same state; the admin's is untouched.
    expect((await files(agent)).find((f) => f.id === fileId)!.isRecent).toBe(false);
    expect((await unread(admin, ADMIN)).some((entry) => entry.mediaObject.id === fileId)).toBe(
      true,
    );
    // Wrong shapes: 400 or 422 in French, never 500.
    for (const body of [{ readByUser: 'oui' }, {}, { readByUser: null }]) {
      const refused = await ctx.api('PATCH', mine['@id'], {
        token: agent,
        body,
        headers: mergePatch,
      });
      expect([400, 422], JSON.stringify(body)).toContain(refused.status);
    }
    expect(
      (
        await ctx.api('GET', '/media_object_lists?mediaObject.createdAt[after]=2026-02-30', {
          token: agent,
        })
      ).status,
    ).toBe(400);
    // A library the caller may not view keeps its files' read state closed.
    expect(
      (await ctx.api('GET', '/media_object_lists?mediaObject.folder.type[]=rac', { token: agent }))
        .status,
    ).toBe(403);
  });

  it("checks each shape's own component: a Bibliothèque editor uploads there only, no picture", async () => {
    // The agents' profile is given `library_edit` (the Bibliothèque's edit block) alone.
    const [edit] = await ctx.db
      .select()
      .from(components)
      .where(eq(components.name, 'library_edit'));
    const [agents] = await ctx.db.select().from(profiles).where(eq(profiles.title, 'Mandataire'));
    const holding = { componentId: edit!.id, profileId: agents!.id };
    await ctx.db.insert(componentProfiles).values(holding);
    try {
      const folder = (await createFolder('Éditeur Bibliothèque')).body;
      const [racFolder] = (await ctx.api('GET', '/folders?type=rac', { token: admin })).body[
        'hydra:member'
      ] as { id: number }[];
      const png = { data: samplePng(), filename: 'x.png' };
      const mine = await specUpload({ 'file[0]': png, folderId: String(folder.id) }, agent);
      expect(mine.status).toBe(201);
      const fileId = mine.body['hydra:member'][0].id as number;
      // Another library's folder, a picture of the image bank, another library's file: 403.
      expect(
        (await specUpload({ 'file[0]': png, folderId: String(racFolder!.id) }, agent)).status,
      ).toBe(403);
      expect((await specUpload({ file: png }, agent)).status).toBe(403);
      const [racFile] = await files(admin, 'rac');
      expect(
        (await ctx.api('DELETE', `/media_objects/${racFile!.id}`, { token: agent })).status,
      ).toBe(403);
      // A picture of the image bank is not his to delete either.
      const picture = (await specUpload({ file: png })).body as { id: number };
      expect(
        (await ctx.api('DELETE', `/media_objects/${picture.id}`, { token: agent })).status,
      ).toBe(403);
      expect((await ctx.api('DELETE', `/media_objects/${fileId}`, { token: agent })).status).toBe(
        204,
      );
    } finally {
      await ctx.db
        .delete(componentProfiles)
        .where(
          and(
            eq(componentProfiles.componentId, holding.componentId),
            eq(componentProfiles.profileId, holding.profileId),
          ),
        );
    }
  });

  it('refuses bad shapes in French: traversal, NUL, huge names, wrong types, other libraries', async () => {
    const folder = (await createFolder('Attaques')).body;
    const [racFolder] = (await ctx.api('GET', '/folders?type=rac', { token: admin })).body[
      'hydra:member'
    ] as { id: number }[];
    const file = (
      await specUpload({
        'file[0]': { data: samplePng(), filename: 'cible.png' },
        folderId: String(folder.id),
      })
    ).body['hydra:member'][0] as { id: number };

    // Names are cleaned of path signs; a name that is nothing but them is refused.
    const traversal = await ctx.api(
      'POST',
      `/media_objects/edit/${file.id}?name=${encodeURIComponent('../../etc/passwd')}`,
      { token: admin },
    );
    expect(traversal.status).toBe(200);
    expect(traversal.body.displayName).toBe('....etcpasswd');
    const empty = await ctx.api(
      'POST',
      `/media_objects/edit/${file.id}?name=${encodeURIComponent('///')}`,
      {
        token: admin,
      },
    );
    expect(empty.status).toBe(422);
    expect(empty.body.violations[0].message).toBe('Ce champ est obligatoire.');
    for (const path of [
      `/media_objects/edit/${file.id}?name=a%00b`,
      `/folders/edit/${folder.id}?name=a%00b`,
      `/media_objects/edit/${file.id}?name=${'x'.repeat(300)}`,
      `/folders/edit/${folder.id}?name=${'x'.repeat(300)}`,
    ]) {
      const refused = await ctx.api('POST', path, { token: admin });
      expect(refused.status, path).toBe(400);
      expect(refused.body.detail ?? refused.body['hydra:description'], path).toMatch(/[a-zéè]/);
    }
    // A path naming nothing, a folder of another library, or not an id: 422 'Ce dossier n'existe pas.'
    for (const path of [
      '../1',
      '/folders/999999999',
      String(racFolder!.id),
      'abc',
      '%00'.slice(0, 0) + '1e3',
    ]) {
      for (const url of [
        `/media_objects/edit/${file.id}?path=${encodeURIComponent(path)}`,
        `/folders/edit/${folder.id}?path=${encodeURIComponent(path)}`,
      ]) {
        const refused = await ctx.api('POST', url, { token: admin });
        expect(refused.status, url).toBe(422);
        expect(refused.body.violations[0].message, url).toBe("Ce dossier n'existe pas.");
      }
    }
    // An upload into another library's folder needs that library's edit right.
    expect(
      (
        await specUpload(
          { 'file[0]': { data: samplePng(), filename: 'x.png' }, folderId: String(racFolder!.id) },
          agent,
        )
      ).status,
    ).toBe(403);
    // A renamed executable, one bad file among good ones (nothing kept), no file, someone else.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(256, 1)]);
    const before = (await files(admin)).length;
    const mixed = await specUpload({
      'file[0]': { data: samplePng(), filename: 'bon.png' },
      'file[1]': { data: exe, filename: 'rapport.pdf' },
      folderId: String(folder.id),
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.violations).toEqual([
      { propertyPath: 'file[1]', message: "Ce type de fichier n'est pas accepté.", code: null },
    ]);
    expect((await files(admin)).length).toBe(before);
    const none = await specUpload({ folderId: String(folder.id) });
    expect(none.status).toBe(422);
    expect(none.body.violations[0].message).toBe('Un fichier est requis.');
    const someoneElse = await specUpload({
      'file[0]': { data: samplePng(), filename: 'x.png' },
      folderId: String(folder.id),
      person: '/users/999999',
    });
    expect(someoneElse.status).toBe(422);
    expect(someoneElse.body.violations[0]).toMatchObject({
      propertyPath: 'person',
      message: "Vous ne pouvez agir qu'en votre propre nom.",
    });
    for (const folderId of ['abc', '../../1', '999999999']) {
      const refused = await specUpload({
        'file[0]': { data: samplePng(), filename: 'x.png' },
        folderId,
      });
      expect(refused.status, folderId).toBe(404);
      expect(refused.body['hydra:description'] ?? refused.body.detail).toBe(
        "Ce dossier n'existe pas.",
      );
    }
    // A picture's upload is still the image bank's: the agent without its component is refused.
    expect(
      (await specUpload({ file: { data: samplePng(), filename: 'v.png' } }, agent)).status,
    ).toBe(403);
    const picture = await specUpload({ file: { data: samplePng(), filename: 'v.png' } });
    expect(picture.status).toBe(201);
    expect(picture.body.contentUrl).toMatch(/^\/media\/images\//);
  });
});

import { join } from 'node:path';
import { fakerFR } from '@faker-js/faker';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentProfiles,
  components,
  folders,
  mediaObjects,
  profiles,
} from '../src/db/schema.js';
import { listZip } from '../src/files/zip.js';
import { extractTextJob } from '../src/library/text.js';
import { seedLibrary } from '../src/seed/network/content.js';
import { FileStore, pdf } from '../src/seed/network/files.js';
import { Random } from '../src/seed/network/random.js';
import { users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN } from './helpers/accounts.js';
import { multipartForm, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

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
  (await ctx.api('GET', `/media_objects/library?folder.type=${type}`, { token })).body[
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
    expect(moved.body).toMatchObject({ name: 'Annexes techniques', parentFolder: top.id });

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
      '/media_objects/library?folder.type=rac',
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
        expect(member.headline).toMatch(/\[\[adequation\]\]/);
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

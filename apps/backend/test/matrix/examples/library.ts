import { eq } from 'drizzle-orm';
import {
  documentModificationRequests,
  folders,
  mediaObjectLists,
  mediaObjects,
} from '../../../src/db/schema.js';
import { multipartForm, samplePng } from '../../helpers/communication.js';
import type { Fixtures } from '../roles.js';
import { mergePatch, NOT_AGENT_DATA, nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

/** A fresh folder of the Bibliothèque (every agent may view it, only Admin edit it). */
async function folderId(fx: Fixtures) {
  const [folder] = await fx.ctx.db
    .insert(folders)
    .values({ name: `Matrice ${fx.unique()}`, type: 'bibliotheque' })
    .returning();
  return folder!.id;
}

/** A fresh library file in a fresh folder, with its bytes in the file storage. */
export async function fileId(fx: Fixtures) {
  const filePath = `library/uploads/matrice-${fx.unique()}.png`;
  await fx.ctx.storage.put(filePath, samplePng());
  const [media] = await fx.ctx.db
    .insert(mediaObjects)
    .values({
      displayName: 'matrice.png',
      filePath,
      mimeType: 'image/png',
      size: samplePng().length,
      folderId: await folderId(fx),
    })
    .returning();
  return media!.id;
}

/** The folder of a fresh library file (an empty folder's download is a 404). */
async function folderWithFileId(fx: Fixtures) {
  const [media] = await fx.ctx.db
    .select({ folderId: mediaObjects.folderId })
    .from(mediaObjects)
    .where(eq(mediaObjects.id, await fileId(fx)));
  return media!.folderId!;
}

/** A read state of a fresh file for `userId` (the caller's own, or another user's). */
async function readStateId(fx: Fixtures, userId: number) {
  const [entry] = await fx.ctx.db
    .insert(mediaObjectLists)
    .values({ mediaObjectId: await fileId(fx), userId, readByUser: false })
    .returning();
  return entry!.id;
}

/** The libraries hold the network's shared documents: no agent's own records. */
export const libraryExamples: Record<string, Example> = {
  'main:listFolders': {
    request: () => ({ path: '/folders?type=bibliotheque' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:getFolder': {
    request: async ({ fx }) => ({ path: `/folders/${await folderId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createFolder': {
    request: () => ({ path: '/folders', body: { name: 'Nouveau dossier', type: 'bibliotheque' } }),
    foreign: NOT_AGENT_DATA,
  },
  'main:editFolder': {
    request: async ({ fx }) => ({
      path: `/folders/edit/${await folderId(fx)}`,
      body: { name: 'Dossier renommé' },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteFolder': {
    request: async ({ fx }) => ({ path: `/folders/${await folderId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:downloadFolder': {
    request: async ({ fx }) => ({
      path: `/folder/${await folderWithFileId(fx)}/folder?action=download`,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listMediaObjects': {
    request: () => ({ path: '/media_objects?pagination=false&folder.type[]=bibliotheque' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listMediaObjectLists': {
    request: ({ caller }) => ({
      path: `/media_object_lists?readByUser=false&user.email=${encodeURIComponent(caller?.email ?? '')}`,
    }),
    // Another user's read state is never listed: his e-mail finds nothing.
    foreign: {
      request: ({ fx }) => ({
        path: `/media_object_lists?user.email=${encodeURIComponent(fx.otherAgent.email)}`,
      }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:getMediaObjectList': {
    request: async ({ fx, caller }) => ({
      path: `/media_object_lists/${await readStateId(fx, caller?.userId ?? fx.agent.userId)}`,
    }),
    // Another user's read state is never shown: a 404 like a missing one.
    foreign: {
      request: async ({ fx }) => ({
        path: `/media_object_lists/${await readStateId(fx, fx.otherAgent.userId)}`,
      }),
      status: 404,
    },
  },
  'main:updateMediaObjectList': {
    request: async ({ fx, caller }) => ({
      path: `/media_object_lists/${await readStateId(fx, caller?.userId ?? fx.agent.userId)}`,
      body: { readByUser: true },
      headers: mergePatch,
    }),
    // Another user's read state cannot be changed: a 404 like a missing one.
    foreign: {
      request: async ({ fx }) => ({
        path: `/media_object_lists/${await readStateId(fx, fx.otherAgent.userId)}`,
        body: { readByUser: true },
        headers: mergePatch,
      }),
      status: 404,
    },
  },
  'main:searchLibraryFiles': {
    request: () => ({ path: '/media_objects/search?folder.type=bibliotheque&q=fiche' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:uploadLibraryFile': {
    request: async ({ fx }) => {
      const form = await multipartForm({
        folder: `/folders/${await folderId(fx)}`,
        file: { data: samplePng(), filename: 'matrice.png', type: 'image/png' },
      });
      return { path: '/media_objects/library', ...form };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:editLibraryFile': {
    request: async ({ fx }) => ({
      path: `/media_objects/edit/${await fileId(fx)}`,
      body: { displayName: 'Renommé.png' },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:downloadLibraryFile': {
    request: async ({ fx }) => ({ path: `/media_object/${await fileId(fx)}/file?action=download` }),
    foreign: NOT_AGENT_DATA,
  },
};

/** A request of Claire on a fresh file of the Bibliothèque. */
async function requestId(fx: Fixtures) {
  const [request] = await fx.ctx.db
    .insert(documentModificationRequests)
    .values({
      title: 'Corriger le barème',
      description: '<p>Le barème est daté.</p>',
      mediaObjectId: await fileId(fx),
      applicantId: fx.agent.userId,
    })
    .returning();
  return request!.id;
}

export const modificationRequestExamples: Record<string, Example> = {
  'main:listDocumentModificationRequests': {
    request: () => ({ path: '/document_modification_requests?page=1&status=traitée' }),
    foreign: {
      request: ({ fx }) => ({
        path: `/document_modification_requests?applicant.id=${fx.otherAgent.userId}`,
      }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:getDocumentModificationRequest': {
    request: async ({ fx }) => ({ path: `/document_modification_requests/${await requestId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createDocumentModificationRequest': {
    request: async ({ fx }) => ({
      path: '/document_modification_requests',
      body: {
        title: 'Coquille',
        description: '<p>Page 2</p>',
        mediaObject: `/media_objects/${await fileId(fx)}`,
      },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateDocumentModificationRequest': {
    request: async ({ fx }) => ({
      path: `/document_modification_requests/${await requestId(fx)}`,
      body: { status: 'traitée', comment: 'Corrigé.' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
};

import type { LibraryFile } from '@portal/api/library';

/** A PDF of the library, for the screen tests (`extra` names it, files it elsewhere…). */
export const libraryFile = (id: number, extra: Partial<LibraryFile> = {}): LibraryFile => ({
  '@id': `/media_objects/${id}`,
  '@type': 'LibraryFile',
  id,
  displayName: `Document ${id}.pdf`,
  folder: 1,
  mimeType: 'application/pdf',
  size: 1000,
  filePath: `library/uploads/${id}.pdf`,
  contentUrl: `/media_object/${id}/file`,
  person: null,
  createdAt: '2026-11-20T10:00:00Z',
  isRecent: false,
  ...extra,
});

/** The caller's read state of a file of folder 1: unread (the spec's recent marker). */
export const readState = (mediaObjectId: number) => ({
  '@id': `/media_object_lists/${100 + mediaObjectId}`,
  '@type': 'MediaObjectList' as const,
  id: 100 + mediaObjectId,
  readByUser: false,
  mediaObject: {
    '@id': `/media_objects/${mediaObjectId}`,
    id: mediaObjectId,
    displayName: `Document ${mediaObjectId}.pdf`,
    createdAt: '2026-11-20T10:00:00Z',
    folder: { '@id': '/folders/1', id: 1, type: 'bibliotheque' as const },
  },
  user: { '@id': '/users/3', email: 'claire.martin@exemple.fr' },
});

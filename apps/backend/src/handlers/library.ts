import { uploadLibraryFileUpload } from '@portal/api/generated/uploads';
import type { Principal } from '../auth/principal.js';
import {
  mediaObjectPaths,
  uploadedFiles,
  type UploadDeclarations,
  type UploadField,
} from '../files/uploads.js';
import type { HandlerContext } from '../contract.js';
import type { Deps, HandlerMap } from '../deps.js';
import { buildLibraryFiles, SPEC_FILE_FIELD } from './library-files.js';
import { libraryFolderHandlers } from './library-folders.js';
import { libraryRequestHandlers } from './library-requests.js';

/** Where uploaded library files are staged and kept in the file storage. */
export const LIBRARY_UPLOADS_FOLDER = 'library/uploads';
/** The largest library file and the types a library takes (read from the content): the contract's. */
export const { maxBytes: LIBRARY_MAX_BYTES, types: LIBRARY_MIME_TYPES } = uploadLibraryFileUpload;

/**
 * The document libraries' operations, by concern: folders, files and their read states, change
 * requests. The media module hands the library's part of `/media_objects` over to
 * `libraryMediaObjects`.
 */
export const libraryHandlers = (deps: Deps): HandlerMap => ({
  ...libraryRequestHandlers(deps),
  ...libraryFolderHandlers(deps),
  ...buildLibraryFiles(deps).handlers,
});

/**
 * The library's part of the spec's `POST /media_objects` (files `file[i]` into `folderId`),
 * `DELETE /media_objects/{id}` (a library file; false for any other media object) and
 * `GET /media_objects/{id}` (null for any other), which the media module hands over to.
 */
export function libraryMediaObjects(deps: Deps) {
  const { upload, remove, read } = buildLibraryFiles(deps);
  return { upload, remove, read };
}

/** The limits of the library files the spec's `POST /media_objects` takes. */
export const specLibraryUploadField: UploadField = {
  name: SPEC_FILE_FIELD,
  folder: LIBRARY_UPLOADS_FOLDER,
  maxFileBytes: LIBRARY_MAX_BYTES,
  types: LIBRARY_MIME_TYPES,
};

/** Whether a `POST /media_objects` is the spec's library upload rather than a picture's. */
export const isSpecLibraryUpload = (context: HandlerContext<Principal>): boolean =>
  (context.body as Record<string, unknown> | undefined)?.folderId !== undefined ||
  [...uploadedFiles(context.request).keys()].some((field) => SPEC_FILE_FIELD.test(field));

/** The upload of library files: any office document, PDF or photo, at most 20 MB. */
export function libraryUploads(): UploadDeclarations {
  return {
    uploadLibraryFile: {
      folder: LIBRARY_UPLOADS_FOLDER,
      maxFileBytes: LIBRARY_MAX_BYTES,
      types: LIBRARY_MIME_TYPES,
      referenced: mediaObjectPaths,
    },
  };
}

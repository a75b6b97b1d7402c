// Generated from the x-upload of openapi/main/*.yaml by `pnpm --filter @portal/api generate`.
/** `addProspectFile`'s files. */
export const addProspectFileUpload = {
  maxBytes: 10485760,
  maxFiles: 1,
  accept: {
    file: '.pdf,.jpg,.jpeg,.png,.doc,.docx,.odt',
  },
  types: [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'application/x-cfb',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
  ],
} as const;

/** `changePicture`'s files. */
export const changePictureUpload = {
  maxBytes: 5242880,
  setting: 'UPLOAD_MAX_BYTES',
  maxFiles: 2,
  accept: {
    file: 'image/png,image/jpeg,image/gif,image/webp',
  },
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
} as const;

/** `createAgentRequest`'s files. */
export const createAgentRequestUpload = {
  maxBytes: 10485760,
  maxFiles: 1,
  accept: {
    file: '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.odt,.ods,application/pdf,image/png,image/jpeg,image/gif,image/webp',
  },
  types: [
    'application/pdf',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
} as const;

/** `createDispatchInvoiceRequest`'s files. */
export const createDispatchInvoiceRequestUpload = {
  maxBytes: 524288000,
  maxFiles: 2,
  accept: {
    invoicesFile: '.zip,application/zip',
    mappingFile: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  types: ['application/zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const;

/** `createMediaObject`'s files. */
export const createMediaObjectUpload = {
  maxBytes: 5242880,
  setting: 'UPLOAD_MAX_BYTES',
  maxFiles: 10,
  accept: {
    file: 'image/png,image/jpeg,image/gif,image/webp',
  },
  types: changePictureUpload.types,
} as const;

/** `createProspect`'s files. */
export const createProspectUpload = {
  maxBytes: 10485760,
  maxFiles: 2,
  accept: {
    ricFile: '.pdf,.jpg,.jpeg,.png,.doc,.docx,.odt',
    derFile: '.pdf,.jpg,.jpeg,.png,.doc,.docx,.odt',
  },
  types: addProspectFileUpload.types,
} as const;

/** `importUsers`'s files. */
export const importUsersUpload = {
  maxBytes: 5242880,
  maxFiles: 1,
  accept: {
    file: '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  types: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/x-cfb',
    'application/zip',
  ],
} as const;

/** `previewUserImport`'s files. */
export const previewUserImportUpload = importUsersUpload;

/** `uploadLibraryFile`'s files. */
export const uploadLibraryFileUpload = {
  maxBytes: 20971520,
  maxFiles: 1,
  accept: {
    file: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.png,.jpg,.jpeg',
  },
  types: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/x-cfb',
    'image/png',
    'image/jpeg',
  ],
} as const;

/** Every multipart operation's files, by operation id. */
export const uploadLimits = {
  addProspectFile: addProspectFileUpload,
  changePicture: changePictureUpload,
  createAgentRequest: createAgentRequestUpload,
  createDispatchInvoiceRequest: createDispatchInvoiceRequestUpload,
  createMediaObject: createMediaObjectUpload,
  createProspect: createProspectUpload,
  importUsers: importUsersUpload,
  previewUserImport: previewUserImportUpload,
  uploadLibraryFile: uploadLibraryFileUpload,
} as const;

/** The default of each environment variable that overrides an upload's `maxBytes`. */
export const uploadSettings = {
  UPLOAD_MAX_BYTES: 5242880,
} as const;

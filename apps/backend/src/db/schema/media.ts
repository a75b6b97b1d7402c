import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  customType,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { foldSql } from '../../library/fold.js';
import { createdAt, requiredReference, sqlList } from './columns.js';
import { users } from './core.js';

export const LIBRARY_TYPES = ['bibliotheque', 'trainers-club', 'rac', 'responsable-pole'] as const;
export type LibraryType = (typeof LIBRARY_TYPES)[number];

/**
 * What the text extraction of a library PDF did (`library/text.ts`): read it whole, kept its first
 * `LIBRARY_TEXT_MAX_CHARS`, or kept none (the file is then found by its name only) because the
 * file was too large, its reading passed the memory or the time cap, or pdf.js could not read it.
 */
export const TEXT_STATUSES = [
  'EXTRACTED',
  'TRUNCATED',
  'TOO_LARGE',
  'MEMORY_LIMIT',
  'TIME_LIMIT',
  'UNREADABLE',
] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

export const MODIFICATION_REQUEST_STATUSES = ['en étude', 'refusée', 'traitée'] as const;
export type ModificationRequestStatus = (typeof MODIFICATION_REQUEST_STATUSES)[number];

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<LibraryType>().notNull(),
    personId: integer('person_id').references(() => users.id, { onDelete: 'set null' }),
    parentFolderId: integer('parent_folder_id').references((): AnyPgColumn => folders.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('folders_type_check', sql.raw(`type in (${sqlList(LIBRARY_TYPES)})`)),
    check('folders_not_own_parent_check', sql`${t.parentFolderId} is distinct from ${t.id}`),
    index('folders_parent_idx').on(t.type, t.parentFolderId),
  ],
);

/** PostgreSQL's full-text document type (read only through SQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Any stored file (library documents, pictures, prospect files); bytes live under DATA_DIR/files. */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: serial('id').primaryKey(),
    displayName: text('display_name').notNull(),
    /** Path relative to DATA_DIR/files. */
    filePath: text('file_path').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Text of a library document (PDF); null until the extraction job has run, or none. */
    contentText: text('content_text'),
    /** What the extraction did (`TEXT_STATUSES`); null until it has run, and for other files. */
    textStatus: text('text_status').$type<TextStatus>(),
    /** Why the text is cut or missing, in French with the cap passed; null when read whole. */
    textStatusReason: text('text_status_reason'),
    /** French full-text vector of the text, accents folded (`library/fold.ts`). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql.raw(`to_tsvector('french', ${foldSql("coalesce(content_text, '')")})`),
    ),
  },
  (t) => [
    index('media_objects_folder_idx').on(t.folderId, t.createdAt),
    index('media_objects_search_idx').using('gin', t.searchVector),
    check('media_objects_text_status_check', sql.raw(`text_status in (${sqlList(TEXT_STATUSES)})`)),
  ],
);

/** Per-user read state of library files. */
export const mediaObjectLists = pgTable(
  'media_object_lists',
  {
    id: serial('id').primaryKey(),
    mediaObjectId: requiredReference('media_object_id', () => mediaObjects.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    readByUser: boolean('read_by_user').notNull().default(false),
  },
  (t) => [unique('media_object_lists_user_media_unique').on(t.userId, t.mediaObjectId)],
);

export const imageBanks = pgTable('image_banks', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  mediaObjectId: requiredReference('media_object_id', () => mediaObjects.id, 'restrict'),
  createdAt: createdAt(),
});

export const documentModificationRequests = pgTable(
  'document_modification_requests',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    mediaObjectId: requiredReference('media_object_id', () => mediaObjects.id, 'cascade'),
    status: text('status').$type<ModificationRequestStatus>().notNull().default('en étude'),
    comment: text('comment'),
    applicantId: requiredReference('applicant_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'document_modification_requests_status_check',
      sql.raw(`status in (${sqlList(MODIFICATION_REQUEST_STATUSES)})`),
    ),
    check('document_modification_requests_comment_check', sql`char_length(${t.comment}) <= 255`),
    index('document_modification_requests_date_idx').on(t.createdAt),
  ],
);

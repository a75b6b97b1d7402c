import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import { folders, mediaObjectLists, mediaObjects } from '../db/schema.js';
import { libraryTypeOf, listedLibraries, requireLibrary } from '../library/access.js';
import { folded } from '../library/fold.js';
import { mediaObjectIri } from './iris.js';
import { readBy } from './read-states.js';
import { sourceColumns, toNumber } from './sources.js';
import type { RequestContext, ResourceSpec, SourceResourceSpec } from './types.js';

/** A file is 'recent' this long after its creation, until the user opens it (spec §9). */
const RECENT_DAYS = 7;
/** Most files a search answers, the best first. */
const SEARCH_LIMIT = 50;

const fields = {
  id: mediaObjects.id,
  displayName: mediaObjects.displayName,
  folderId: mediaObjects.folderId,
  mimeType: mediaObjects.mimeType,
  size: mediaObjects.size,
  filePath: mediaObjects.filePath,
  personId: mediaObjects.personId,
  createdAt: mediaObjects.createdAt,
  type: folders.type,
  /** Young enough to be recent; `isRecent` is for the caller (`expand`). */
  young: sql<boolean>`${mediaObjects.createdAt} > now() - make_interval(days => ${RECENT_DAYS})`,
};

export interface LibraryFileRow {
  id: number;
  displayName: string;
  folderId: number | null;
  mimeType: string;
  size: number;
  filePath: string;
  personId: number | null;
  createdAt: Date;
  type: (typeof folders.$inferSelect)['type'];
  young: boolean;
  isRecent?: boolean;
  headline?: string | null;
  /** The headline's stretch of the document's own text (accents kept), without marks. */
  original?: string | null;
}

/**
 * The headline with the document's own characters: the folded passage and `original` are the
 * same stretch, character for character (the fold maps one character to one), so each
 * character outside the `[[`/`]]` marks is taken back from `original`.
 */
export function withAccents(headline: string, original: string | null | undefined): string {
  if (!original) return headline;
  const parts = headline.split(/(\[\[|\]\])/);
  const text = Array.from(original);
  const plainLength = parts
    .filter((part) => part !== '[[' && part !== ']]')
    .reduce((sum, part) => sum + Array.from(part).length, 0);
  if (plainLength !== text.length) return headline;
  let at = 0;
  return parts
    .map((part) => {
      if (part === '[[' || part === ']]') return part;
      const length = Array.from(part).length;
      at += length;
      return text.slice(at - length, at).join('');
    })
    .join('');
}

/** Recent for the caller: young, and never opened by him. */
async function withRecent(rows: LibraryFileRow[], { db, principal }: RequestContext) {
  const young = rows.filter((row) => row.young).map((row) => row.id);
  const opened = await readBy(
    db,
    principal.user.id,
    {
      item: mediaObjectLists.mediaObjectId,
      user: mediaObjectLists.userId,
      read: mediaObjectLists.readByUser,
    },
    young,
  );
  return rows.map((row) => ({ ...row, isRecent: Boolean(row.young) && !opened.has(row.id) }));
}

const fileJson = (row: LibraryFileRow) => ({
  '@id': mediaObjectIri(row.id),
  '@type': 'LibraryFile',
  id: row.id,
  displayName: row.displayName,
  folder: row.folderId,
  mimeType: row.mimeType,
  size: row.size,
  filePath: row.filePath,
  // Library files are read with the bearer token (never from the public /media/ route).
  contentUrl: `/media_object/${row.id}/file`,
  person: row.personId === null ? null : userIri(row.personId),
  createdAt: new Date(row.createdAt).toISOString(),
  isRecent: Boolean(row.isRecent),
  ...(row.headline ? { headline: withAccents(row.headline, row.original) } : {}),
});

/** The pieces the files' list and search share. */
const libraryFile = {
  type: 'LibraryFile',
  filters: [],
  pagination: 'none',
  expand: withRecent,
  serialize: fileJson,
} satisfies Partial<ResourceSpec<typeof fields, LibraryFileRow>>;

/**
 * The spec's list of library files, `GET /media_objects`: `folder.type[]` (or none: every
 * library the caller views), newest first, whole; `GET /media_objects/{id}` of a library file,
 * with its library's page (a 403).
 */
export const libraryFilesResource: ResourceSpec<typeof fields, LibraryFileRow> = {
  ...libraryFile,
  path: '/media_objects',
  table: mediaObjects,
  id: mediaObjects.id,
  fields,
  // Only files in a folder are a library's.
  joins: { folder: (q) => q.innerJoin(folders, eq(folders.id, mediaObjects.folderId)) },
  orders: { createdAt: mediaObjects.createdAt },
  defaultOrder: [['createdAt', 'desc']],
  async scope({ db, principal, query }) {
    const named = [query['folder.type'], query['folder.type[]']].flat();
    const types = await listedLibraries(db, principal, named);
    return types.length > 0 ? inArray(folders.type, types) : sql`false`;
  },
  itemCheck: async (row, { db, principal }) => requireLibrary(db, principal, row.type, 'view'),
};

const found = sourceColumns('found', {
  id: toNumber,
  rank: toNumber,
  headline: String,
  original: String,
});

/**
 * `GET /media_objects/search?folder.type=&q=`: the 50 files of one library whose name or text
 * (accents folded) holds the words, a name match first, then by rank and newest; a passage of
 * the text around the words (`headline`, words between `[[` and `]]`) when the text matched.
 */
export const librarySearchResource: SourceResourceSpec<
  typeof fields & { headline: typeof found.headline; original: typeof found.original },
  LibraryFileRow
> = {
  ...libraryFile,
  path: '/media_objects/search',
  source: {
    alias: 'found',
    query({ db, query }) {
      const type = libraryTypeOf(query['folder.type']);
      const words = String(query.q ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      if (words === '')
        return sql`select null::int as id, null::real as rank, null::text as headline,
          null::text as original where false`;
      const tsQuery = sql`plainto_tsquery('french', ${folded(sql`${words}`)})`;
      const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const nameMatch = sql`lower(${folded(sql`${mediaObjects.displayName}`)}) like lower(${folded(sql`${pattern}`)})`;
      const textMatch = sql`${mediaObjects.searchVector} @@ ${tsQuery}`;
      const rank = sql`(case when ${nameMatch} then 1 else 0 end) + ts_rank(${mediaObjects.searchVector}, ${tsQuery})`;
      const ranked = db
        .select({
          id: sql`${mediaObjects.id}`.as('id'),
          rank: rank.as('rank'),
          headline: sql`case when ${textMatch} then ts_headline('french',
            ${folded(sql`${mediaObjects.contentText}`)}, ${tsQuery},
            'StartSel=[[, StopSel=]], MaxWords=18, MinWords=6, MaxFragments=1') end`.as('headline'),
        })
        .from(mediaObjects)
        .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
        .where(and(eq(folders.type, type), sql`(${textMatch} or ${nameMatch})`))
        .orderBy(desc(rank), desc(mediaObjects.createdAt), desc(mediaObjects.id))
        .limit(SEARCH_LIMIT)
        .getSQL();
      // The passage is cut from the folded text (the words match without their accents);
      // `original` is the same stretch of the document's own text, to put the accents back.
      const plain = sql`replace(replace(r.headline, '[[', ''), ']]', '')`;
      const at = sql`strpos(${folded(sql`${mediaObjects.contentText}`)}, ${plain})`;
      return sql`select r.id, r.rank, r.headline,
          case when ${at} > 0 then substr(${mediaObjects.contentText}, ${at}, char_length(${plain})) end as original
        from (${ranked}) r join ${mediaObjects} on ${mediaObjects.id} = r.id`;
    },
  },
  id: found.id,
  fields: { ...fields, headline: found.headline, original: found.original },
  joins: {
    file: (q) => q.innerJoin(mediaObjects, eq(mediaObjects.id, found.id)),
    folder: (q) => q.innerJoin(folders, eq(folders.id, mediaObjects.folderId)),
  },
  orders: { rank: found.rank, createdAt: mediaObjects.createdAt },
  defaultOrder: [
    ['rank', 'desc'],
    ['createdAt', 'desc'],
  ],
  async scope({ db, principal, query }) {
    await requireLibrary(db, principal, libraryTypeOf(query['folder.type']), 'view');
    return undefined;
  },
};

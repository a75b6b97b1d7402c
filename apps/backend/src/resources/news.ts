import { eq, ilike, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import type { Database } from '../db/client.js';
import { imageBanks, mediaObjects, news, newsLists, newsProfiles } from '../db/schema.js';
import { booleanField, booleanFilter } from './fields.js';
import { imageBankJson } from './image-banks.js';
import { newsIri, withJsonLdIdentity } from './iris.js';
import { withProfilesToNotify } from './profile-references.js';
import { readBy } from './read-states.js';
import { escapeLike } from './values.js';
import type { RequestContext, WritableResourceSpec } from './types.js';
import { paged } from './pagination.js';

/** The projection of a news item with its picture; shared by `/news` and `/news_list/user`. */
const newsFields = {
  id: news.id,
  title: news.title,
  date: news.date,
  content: news.content,
  displayed: news.displayed,
  hasPopup: news.hasPopup,
  sliderDisplayed: news.sliderDisplayed,
  imageId: imageBanks.id,
  imageTitle: imageBanks.title,
  imageCreatedAt: imageBanks.createdAt,
  mediaId: mediaObjects.id,
  filePath: mediaObjects.filePath,
};

export interface NewsRow {
  id: number;
  title: string;
  date: Date;
  content: string;
  displayed: boolean;
  hasPopup: boolean;
  sliderDisplayed: boolean;
  imageId: number | null;
  imageTitle: string | null;
  imageCreatedAt: Date | null;
  mediaId: number | null;
  filePath: string | null;
  profilesToNotify?: string[];
  /** The agent caller's read state on `GET /news` and `GET /news/{id}`; absent for staff. */
  isRead?: boolean;
}

export function newsJson(row: NewsRow): Record<string, unknown> {
  const image =
    row.imageId !== null && row.mediaId !== null
      ? imageBankJson({
          id: row.imageId,
          title: row.imageTitle!,
          createdAt: row.imageCreatedAt!,
          mediaId: row.mediaId,
          filePath: row.filePath!,
        })
      : null;
  return {
    '@id': newsIri(row.id),
    '@type': 'News',
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    content: row.content,
    displayed: row.displayed,
    hasPopup: row.hasPopup,
    sliderDisplayed: row.sliderDisplayed,
    imageBank: image,
    profilesToNotify: row.profilesToNotify ?? [],
    ...(row.isRead === undefined ? {} : { isRead: row.isRead }),
  };
}

const withProfiles = <R>(db: Database, rows: R[], newsOf: (row: R) => NewsRow) =>
  withProfilesToNotify(db, rows, newsOf, {
    owner: newsProfiles.newsId,
    profile: newsProfiles.profileId,
  });

/**
 * The agent caller's read state of each news item of a page: his `news_lists` entry (one
 * indexed query per page), false when he has none. Staff have no read state: no `isRead`.
 */
async function withReadState(rows: NewsRow[], { db, principal }: RequestContext) {
  if (rows.length === 0 || !(await accessOf(db, principal)).isAgent) return rows;
  const readIds = await readBy(
    db,
    principal.user.id,
    { item: newsLists.newsId, user: newsLists.userId, read: newsLists.isRead },
    rows.map((row) => row.id),
  );
  for (const row of rows) row.isRead = readIds.has(row.id);
  return rows;
}

/** Agents only ever see displayed news; staff see every news item. */
async function agentsSeeDisplayed({ db, principal }: RequestContext) {
  const { isAgent } = await accessOf(db, principal);
  return isAgent ? eq(news.displayed, true) : undefined;
}

/** The caller's own entries of displayed news; a subquery, so that counting needs no join. */
const ownDisplayedEntries = ({ principal }: RequestContext) =>
  Promise.resolve(
    sql`${newsLists.userId} = ${principal.user.id} and ${newsLists.newsId} in (select ${news.id} from ${news} where ${news.displayed})`,
  );

/** A news' picture: its image bank entry and that entry's file (a news may have none). */
const pictureJoins = {
  imageBank: (q: PgSelect) => q.leftJoin(imageBanks, eq(imageBanks.id, news.imageBankId)),
  mediaObject: (q: PgSelect) =>
    q.leftJoin(mediaObjects, eq(mediaObjects.id, imageBanks.mediaObjectId)),
};

/** `GET /news` and `GET /news/{id}`: 9 per page, newest first. */
export const newsResource: WritableResourceSpec<typeof newsFields, NewsRow> = {
  path: '/news',
  type: 'News',
  table: news,
  id: news.id,
  fields: newsFields,
  joins: pictureJoins,
  filters: [
    { kind: 'partial', param: 'title', expr: news.title },
    {
      kind: 'custom',
      param: 'terms',
      apply: (value) => {
        const pattern = `%${escapeLike(String(value).trim())}%`;
        return or(ilike(news.title, pattern), ilike(news.content, pattern));
      },
    },
    { kind: 'date', param: 'date', expr: news.date },
    booleanFilter('displayed', news.displayed),
    booleanFilter('sliderDisplayed', news.sliderDisplayed),
    booleanFilter('hasPopup', news.hasPopup),
  ],
  orders: { date: news.date, title: news.title },
  defaultOrder: [['date', 'desc']],
  pagination: paged(9),
  scope: agentsSeeDisplayed,
  // Network content, not an agent's: `DELETE` is gated by `news_edit_page`, on what one reads.
  writeScope: agentsSeeDisplayed,
  expand: async (rows, context) =>
    withReadState(await withProfiles(context.db, rows, (row) => row), context),
  serialize: newsJson,
};

const newsListFields = {
  id: newsLists.id,
  isRead: newsLists.isRead,
  news: newsFields,
};

interface NewsListRow {
  id: number;
  isRead: boolean;
  news: NewsRow;
}

/**
 * `GET /news_list/user` and `PATCH /news_lists/{id}`: the caller's own entries, for displayed
 * news only. Reading writes nothing: entries are created when news are displayed and when an
 * agent user is created (`domain/news-read-state.ts`).
 */
export const newsListsResource: WritableResourceSpec<typeof newsListFields, NewsListRow> = {
  path: '/news_list/user',
  type: 'NewsList',
  table: newsLists,
  id: newsLists.id,
  fields: newsListFields,
  joins: {
    news: (q) => q.innerJoin(news, eq(news.id, newsLists.newsId)),
    ...pictureJoins,
  },
  filters: [
    { kind: 'exact', param: 'news.id', expr: newsLists.newsId, valueType: 'integer' },
    booleanFilter('isRead', newsLists.isRead),
    booleanFilter('news.hasPopup', news.hasPopup, ['news']),
    booleanFilter('news.sliderDisplayed', news.sliderDisplayed, ['news']),
  ],
  orders: { 'news.date': { expr: news.date, joins: ['news'] } },
  defaultOrder: [['news.date', 'desc']],
  pagination: paged(30),
  scope: ownDisplayedEntries,
  writeScope: ownDisplayedEntries,
  expand: (rows, { db }) => withProfiles(db, rows, (row) => row.news),
  serialize: (row) =>
    withJsonLdIdentity('/news_lists', 'NewsList', row.id, {
      isRead: row.isRead,
      news: newsJson(row.news),
    }),
  writable: { isRead: booleanField(newsLists.isRead) },
};

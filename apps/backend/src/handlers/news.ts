import { and, count, eq, ne, sql } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { newsContentOnSave } from '../communication/content.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import { ensureNewsEntries } from '../domain/news-read-state.js';
import type { Database } from '../db/client.js';
import { imageBanks, news, newsProfiles, users } from '../db/schema.js';
import { assertNoViolations, badRequest, notFound, type Violation } from '../http/errors.js';
import { INVALID_DATE } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { deleteHandler, itemHandler, listHandler, patchHandler } from '../resources/handlers.js';
import { idOfReference } from '../resources/iris.js';
import { item } from '../resources/item.js';
import { newsListsResource, newsResource } from '../resources/news.js';
import { agentProfileIds } from '../resources/profile-references.js';
import { parseInstant } from '../resources/values.js';
import type { Deps, HandlerMap } from '../deps.js';

export const CAROUSEL_LIMIT = 3;
export const newsMessages = {
  titleTooShort: 'Ce champ doit contenir au moins 4 caractères.',
  imageRequired: 'Une image est requise.',
  unknownImage: "Cette image n'existe pas.",
  carouselFull: `Le carrousel contient déjà ${CAROUSEL_LIMIT} actualités.`,
  notNull: 'Cette valeur ne doit pas être nulle.',
} as const;

type NewsChanges = Partial<typeof news.$inferInsert>;

interface ParsedNews {
  changes: NewsChanges;
  profileIds: number[] | undefined;
}

/**
 * Reads a news body: every key on creation (absent = empty), only the keys present on a
 * merge-patch. All violations are reported at once.
 */
async function parseNews(
  db: Database,
  body: Record<string, unknown>,
  creating: boolean,
): Promise<ParsedNews> {
  const has = (key: string) => creating || key in body;
  const violations: Violation[] = [];
  const changes: NewsChanges = {};

  if (has('title')) {
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (title === '') violations.push({ propertyPath: 'title', message: messages.required });
    else if ([...title].length < 4)
      violations.push({ propertyPath: 'title', message: newsMessages.titleTooShort });
    else changes.title = title;
  }
  if (has('date')) {
    const raw = body.date;
    const date = parseInstant(raw);
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
      violations.push({ propertyPath: 'date', message: messages.required });
    else if (!date) violations.push({ propertyPath: 'date', message: INVALID_DATE });
    else changes.date = date;
  }
  if (has('content')) {
    changes.content = newsContentOnSave(typeof body.content === 'string' ? body.content : '');
  }
  for (const flag of ['displayed', 'hasPopup', 'sliderDisplayed'] as const) {
    if (!(flag in body)) {
      if (creating) changes[flag] = false;
      continue;
    }
    if (typeof body[flag] === 'boolean') changes[flag] = body[flag];
    else violations.push({ propertyPath: flag, message: newsMessages.notNull });
  }
  if (has('imageBank')) {
    const reference = body.imageBank;
    if (reference === null || reference === undefined || reference === '') {
      violations.push({ propertyPath: 'imageBank', message: newsMessages.imageRequired });
    } else {
      const id = idOfReference(reference, '/image_banks');
      const [image] =
        id === null
          ? []
          : await db.select({ id: imageBanks.id }).from(imageBanks).where(eq(imageBanks.id, id));
      if (!image)
        violations.push({ propertyPath: 'imageBank', message: newsMessages.unknownImage });
      else changes.imageBankId = image.id;
    }
  }
  let profileIds: number[] | undefined;
  if ('profilesToNotify' in body) {
    const references = Array.isArray(body.profilesToNotify) ? body.profilesToNotify : [];
    const result = await agentProfileIds(db, references, 'profilesToNotify');
    violations.push(...result.violations);
    profileIds = result.ids;
  } else if (creating) profileIds = [];
  assertNoViolations(violations);
  return { changes, profileIds };
}

const CAROUSEL_LOCK = sql`select pg_advisory_xact_lock(hashtext('news_carousel'))`;

/**
 * Writes a news item in a transaction. Putting it into the carousel takes a lock first, so two
 * concurrent saves cannot make a fourth carousel news. A displayed news item gets the agents'
 * read-state entries in the same transaction.
 */
async function saveNews(
  db: Database,
  id: number | null,
  { changes, profileIds }: ParsedNews,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    let wasInCarousel = false;
    let wasDisplayed = false;
    if (id !== null) {
      const [current] = await tx
        .select({ sliderDisplayed: news.sliderDisplayed, displayed: news.displayed })
        .from(news)
        .where(eq(news.id, id));
      if (!current) return null;
      wasInCarousel = current.sliderDisplayed;
      wasDisplayed = current.displayed;
    }
    if (changes.sliderDisplayed === true && !wasInCarousel) {
      await tx.execute(CAROUSEL_LOCK);
      const [others] = await tx
        .select({ n: count() })
        .from(news)
        .where(and(eq(news.sliderDisplayed, true), id === null ? undefined : ne(news.id, id)));
      if (others!.n >= CAROUSEL_LIMIT)
        assertNoViolations([
          { propertyPath: 'sliderDisplayed', message: newsMessages.carouselFull },
        ]);
    }
    let newsId = id;
    if (id === null) {
      const [row] = await tx
        .insert(news)
        .values(changes as typeof news.$inferInsert)
        .returning({ id: news.id });
      newsId = row!.id;
    } else if (Object.keys(changes).length > 0) {
      await tx.update(news).set(changes).where(eq(news.id, id));
    }
    // Displayed news get an unread entry for every agent user, so reading writes nothing.
    if (changes.displayed ?? wasDisplayed) await ensureNewsEntries(tx, { newsId: newsId! });
    if (profileIds !== undefined) {
      await tx.delete(newsProfiles).where(eq(newsProfiles.newsId, newsId!));
      if (profileIds.length > 0)
        await tx
          .insert(newsProfiles)
          .values(profileIds.map((profileId) => ({ newsId: newsId!, profileId })));
    }
    return newsId;
  });
}

const requestOf = (deps: Deps, context: HandlerContext<Principal>) => ({
  db: deps.db,
  principal: principalOf(context),
  query: {},
});

const objectBody = (body: unknown) => {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Le corps de la requête doit être un objet JSON.');
  return body as Record<string, unknown>;
};

export function createNews(deps: Deps): Handler<Principal> {
  return handWritten('writes the news with its profiles in one transaction', async (context) => {
    const parsed = await parseNews(deps.db, objectBody(context.body), true);
    const id = await saveNews(deps.db, null, parsed);
    return { status: 201, body: await item(newsResource, id!, requestOf(deps, context)) };
  });
}

export function updateNews(deps: Deps): Handler<Principal> {
  return handWritten('rewrites the news and its profiles in one transaction', async (context) => {
    const id = Number(context.params.id);
    const [exists] = await deps.db.select({ id: news.id }).from(news).where(eq(news.id, id));
    if (!exists) throw notFound();
    const parsed = await parseNews(deps.db, objectBody(context.body), false);
    if ((await saveNews(deps.db, id, parsed)) === null) throw notFound();
    return { status: 200, body: await item(newsResource, id, requestOf(deps, context)) };
  });
}

export function clearLoginAgent(deps: Deps): Handler<Principal> {
  return handWritten("clears the caller's own sign-in flag", async (context) => {
    await deps.db
      .update(users)
      .set({ onLoginAgent: false })
      .where(eq(users.id, principalOf(context).user.id));
    return { status: 204 };
  });
}

export function newsHandlers(deps: Deps): HandlerMap {
  return {
    listNews: listHandler(deps.db, newsResource),
    getNews: itemHandler(deps.db, newsResource),
    createNews: createNews(deps),
    updateNews: updateNews(deps),
    deleteNews: deleteHandler(deps.db, newsResource),
    listMyNewsLists: listHandler(deps.db, newsListsResource),
    updateNewsList: patchHandler(deps.db, newsListsResource),
    clearLoginAgent: clearLoginAgent(deps),
  };
}

import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { newsContentOnSave } from '../communication/content.js';
import { type HandlerContext, handWritten } from '../contract.js';
import {
  documentModificationRequests,
  MODIFICATION_REQUEST_STATUSES,
  type ModificationRequestStatus,
} from '../db/schema.js';
import { assertNoViolations, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { viewableLibraries } from '../library/access.js';
import { bodyOf, libraryFile } from '../library/writes.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { idOfReference } from '../resources/iris.js';
import { item, requireWritable } from '../resources/item.js';
import { modificationRequestsResource } from '../resources/modification-requests.js';
import type { Deps, HandlerMap } from '../deps.js';

const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';

/** The request's title, trimmed; a violation when empty. */
function titleOf(value: unknown, violations: Violation[]): string | null {
  const title = typeof value === 'string' ? value.trim() : '';
  if (title !== '') return title;
  violations.push({ propertyPath: 'title', message: messages.required });
  return null;
}

/** Rich text, sanitised as the news content is; a violation when no text is left. */
function descriptionOf(value: unknown, violations: Violation[]): string | null {
  const description = typeof value === 'string' ? newsContentOnSave(value) : '';
  if (hasText(description)) return description;
  violations.push({ propertyPath: 'description', message: messages.required });
  return null;
}

/**
 * The requests for a change of a library document: read through the resource layer; written by
 * hand (a sanitised rich-text description, a file checked against the caller's libraries).
 */
export function libraryRequestHandlers({ db }: Deps): HandlerMap {
  const requestOf = (context: HandlerContext<Principal>) => ({
    db,
    principal: principalOf(context),
    query: context.query,
  });

  const createDocumentModificationRequest = handWritten<Principal>(
    'sanitised rich text; the file checked against the libraries the caller views',
    async (context) => {
      const body = bodyOf(context);
      const principal = principalOf(context);
      const violations: Violation[] = [];
      const title = titleOf(body.title, violations);
      const description = descriptionOf(body.description, violations);
      let mediaObjectId: number | null = null;
      if (body.mediaObject === null || body.mediaObject === undefined || body.mediaObject === '') {
        violations.push({ propertyPath: 'mediaObject', message: messages.required });
      } else {
        const id = idOfReference(body.mediaObject, '/media_objects');
        const found = id === null ? null : await libraryFile(db, id);
        // A file of a library the caller may not view does not exist for him.
        if (!found || !(await viewableLibraries(db, principal)).includes(found.type))
          violations.push({ propertyPath: 'mediaObject', message: messages.unknownFile });
        else mediaObjectId = found.media.id;
      }
      assertNoViolations(violations);
      const [row] = await db
        .insert(documentModificationRequests)
        .values({
          title: title!,
          description: description!,
          mediaObjectId: mediaObjectId!,
          applicantId: principal.user.id,
        })
        .returning({ id: documentModificationRequests.id });
      return {
        status: 201,
        body: await item(modificationRequestsResource, row!.id, requestOf(context)),
      };
    },
  );

  const updateDocumentModificationRequest = handWritten<Principal>(
    'sanitised rich text and the status rules of a request',
    async (context) => {
      const id = Number(context.params.id);
      // Out of the caller's libraries, or another agent's: a 404 like a missing request.
      await requireWritable(modificationRequestsResource, id, requestOf(context));
      const body = bodyOf(context);
      const violations: Violation[] = [];
      const values: Partial<typeof documentModificationRequests.$inferInsert> = {};
      if ('title' in body) values.title = titleOf(body.title, violations) ?? undefined;
      if ('description' in body)
        values.description = descriptionOf(body.description, violations) ?? undefined;
      if ('status' in body) {
        if (!MODIFICATION_REQUEST_STATUSES.includes(body.status as ModificationRequestStatus))
          violations.push({ propertyPath: 'status', message: messages.required });
        else values.status = body.status as ModificationRequestStatus;
      }
      if ('comment' in body) {
        const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
        if ([...comment].length > 255)
          violations.push({ propertyPath: 'comment', message: messages.tooLong(255) });
        else values.comment = comment === '' ? null : comment;
      }
      assertNoViolations(violations);
      if (Object.keys(values).length > 0)
        await db
          .update(documentModificationRequests)
          .set(values)
          .where(eq(documentModificationRequests.id, id));
      return {
        status: 200,
        body: await item(modificationRequestsResource, id, requestOf(context)),
      };
    },
  );

  return {
    listDocumentModificationRequests: listHandler(db, modificationRequestsResource),
    getDocumentModificationRequest: itemHandler(db, modificationRequestsResource),
    createDocumentModificationRequest,
    updateDocumentModificationRequest,
  };
}

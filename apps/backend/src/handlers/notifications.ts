import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { notificationLists, notificationProfiles, notifications, users } from '../db/schema.js';
import { assertNoViolations, type Violation } from '../http/errors.js';
import { INVALID_DATE, INVALID_URL, isValidLink } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { itemHandler, listHandler, patchHandler } from '../resources/handlers.js';
import { idOfReference } from '../resources/iris.js';
import { item } from '../resources/item.js';
import {
  notificationListsResource,
  notificationRulesResource,
  notificationsResource,
} from '../resources/notifications.js';
import { agentProfileIds } from '../resources/profile-references.js';
import { parseInstant } from '../resources/values.js';
import type { Deps, HandlerMap } from '../deps.js';

const requiredText = (body: Record<string, unknown>, key: string, violations: Violation[]) => {
  const value = typeof body[key] === 'string' ? (body[key] as string).trim() : '';
  if (value === '') violations.push({ propertyPath: key, message: messages.required });
  return value;
};

const optionalInstant = (
  body: Record<string, unknown>,
  key: string,
  endOfDay: boolean,
  violations: Violation[],
) => {
  const raw = body[key];
  if (raw === undefined || raw === null || raw === '') return null;
  const instant = parseInstant(raw, endOfDay);
  if (!instant) violations.push({ propertyPath: key, message: INVALID_DATE });
  return instant;
};

/**
 * Creates a notification and its entries for every user of the chosen Mandataire profiles,
 * in one transaction (the fan-out is a single insert … select).
 */
export function createNotification(deps: Deps): Handler<Principal> {
  return handWritten(
    'fans the notification out to every user of the chosen profiles',
    async (context) => {
      const body = context.body as Record<string, unknown>;
      const violations: Violation[] = [];
      const title = requiredText(body, 'title', violations);
      const description = requiredText(body, 'description', violations);
      const link = typeof body.urlLink === 'string' ? body.urlLink.trim() : '';
      if (link !== '' && !isValidLink(link))
        violations.push({ propertyPath: 'urlLink', message: INVALID_URL });
      const expireAt = optionalInstant(body, 'expireAt', true, violations);
      const createdAt = optionalInstant(body, 'createdAt', false, violations) ?? new Date();
      const references = Array.isArray(body.profilesToNotify) ? body.profilesToNotify : [];
      if (references.length === 0)
        violations.push({ propertyPath: 'profilesToNotify', message: messages.required });
      const { ids: profileIds, violations: profileViolations } = await agentProfileIds(
        deps.db,
        references,
        'profilesToNotify',
      );
      violations.push(...profileViolations);
      assertNoViolations(violations);

      const { id, recipients } = await fanOut(deps.db, {
        title,
        description,
        urlLink: link === '' ? null : link,
        expireAt,
        createdAt,
        profileIds,
      });
      const request = { db: deps.db, principal: principalOf(context), query: {} };
      const created = await item(notificationsResource, id, request);
      return { status: 201, body: { ...created, recipients } };
    },
  );
}

export async function fanOut(
  db: Database,
  input: typeof notifications.$inferInsert & { profileIds: number[] },
): Promise<{ id: number; recipients: number }> {
  const { profileIds, ...values } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    const id = row!.id;
    await tx
      .insert(notificationProfiles)
      .values(profileIds.map((profileId) => ({ notificationId: id, profileId })));
    await tx.execute(sql`
      insert into ${notificationLists} (notification_id, user_id)
      select ${id}, ${users.id} from ${users}
      where ${inArray(users.profileId, profileIds)}
      on conflict do nothing`);
    const [sent] = await tx
      .select({ n: count() })
      .from(notificationLists)
      .where(eq(notificationLists.notificationId, id));
    return { id, recipients: sent!.n };
  });
}

/** Marks the caller's entries among `notificationListIds` read; other ids are ignored. */
export function markNotificationListsRead(deps: Deps): Handler<Principal> {
  return handWritten("marks many of the caller's entries read at once", async (context) => {
    const principal = principalOf(context);
    const references = (context.body as { notificationListIds: unknown[] }).notificationListIds;
    const ids = [
      ...new Set(
        references
          .map((reference) => idOfReference(reference, '/notification_lists'))
          .filter((id): id is number => id !== null),
      ),
    ];
    if (ids.length === 0) return { status: 200, body: { updated: 0 } };
    const updated = await deps.db
      .update(notificationLists)
      .set({ readByUser: true })
      .where(
        and(eq(notificationLists.userId, principal.user.id), inArray(notificationLists.id, ids)),
      )
      .returning({ id: notificationLists.id });
    return { status: 200, body: { updated: updated.length } };
  });
}

export function notificationHandlers(deps: Deps): HandlerMap {
  return {
    listNotificationLists: listHandler(deps.db, notificationListsResource),
    markNotificationListsRead: markNotificationListsRead(deps),
    listNotifications: listHandler(deps.db, notificationsResource),
    createNotification: createNotification(deps),
    getNotification: itemHandler(deps.db, notificationsResource),
    updateNotification: patchHandler(deps.db, notificationsResource),
    listNotificationRules: listHandler(deps.db, notificationRulesResource),
    getNotificationRule: itemHandler(deps.db, notificationRulesResource),
    updateNotificationRule: patchHandler(deps.db, notificationRulesResource),
  };
}

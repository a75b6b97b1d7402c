import { and, count, eq, gte } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { trackingEvents, trackingSessions } from '../db/schema.js';
import { deviceOfUserAgent } from '@portal/config/device';
import { HttpError, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Deps, HandlerMap } from '../deps.js';

type TrackingEventBatch = api['schemas']['TrackingEventBatch'];

/**
 * Events one sign-in may record: a busy day is a few hundred; more is a script filling the
 * staff's top lists.
 */
export const MAX_SESSION_EVENTS = 5000;

/**
 * The contract has validated every event, so one insert stores the whole batch or nothing. The
 * browser's clock says when each event happened, but only between the session's start and the
 * batch's arrival: a forged or skewed date cannot move it to another period.
 */
export function createTrackingEvents(deps: Deps): Handler<Principal> {
  return handWritten('a batch insert capped per sign-in', async (context) => {
    const { user, claims } = principalOf(context);
    const sessionId = String(context.params.sessionId);
    const [session] = await deps.db
      .select({ startedAt: trackingSessions.startedAt })
      .from(trackingSessions)
      .where(and(eq(trackingSessions.id, sessionId), eq(trackingSessions.userId, user.id)));
    if (!session) throw notFound(messages.unknownSession);

    const batch = context.body as TrackingEventBatch;
    const device = deviceOfUserAgent(context.request.headers['user-agent']);
    // The user's events since this sign-in (the (user, time) index answers it).
    const [recorded] = await deps.db
      .select({ value: count() })
      .from(trackingEvents)
      .where(
        and(eq(trackingEvents.userId, user.id), gte(trackingEvents.occurredAt, session.startedAt)),
      );
    if ((recorded?.value ?? 0) + batch.length > MAX_SESSION_EVENTS)
      throw new HttpError(429, messages.tooManyTrackingEvents);
    const now = Date.now();
    const start = session.startedAt.getTime();
    const when = (timestamp: string) =>
      new Date(Math.min(now, Math.max(start, Date.parse(timestamp))));
    await deps.db.insert(trackingEvents).values(
      batch.map((event) => ({
        sessionId,
        userId: user.id,
        type: event.type,
        action: event.action,
        path: event.path,
        route: event.route ?? event.path,
        device: event.device ?? device,
        occurredAt: when(event.timestamp),
        impersonatorId: claims.imp ?? null,
      })),
    );
    return { status: 204 };
  });
}

/** Usage tracking capture. */
export function trackingHandlers(deps: Deps): HandlerMap {
  return {
    createTrackingEvents: createTrackingEvents(deps),
  };
}

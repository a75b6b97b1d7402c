import { and, eq } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { trackingEvents, trackingSessions } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Deps, HandlerMap } from './deps.js';

type TrackingEventBatch = api['schemas']['TrackingEventBatch'];

/** The contract has validated every event, so one insert stores the whole batch or nothing. */
export function createTrackingEvents(deps: Deps): Handler<Principal> {
  return async (context) => {
    const { user, claims } = principalOf(context);
    const sessionId = String(context.params.sessionId);
    const [session] = await deps.db
      .select({ id: trackingSessions.id })
      .from(trackingSessions)
      .where(and(eq(trackingSessions.id, sessionId), eq(trackingSessions.userId, user.id)));
    if (!session) throw notFound(messages.unknownSession);

    const batch = context.body as TrackingEventBatch;
    await deps.db.insert(trackingEvents).values(
      batch.map((event) => ({
        sessionId,
        userId: user.id,
        type: event.type,
        action: event.action,
        path: event.path,
        device: event.device,
        occurredAt: new Date(event.timestamp),
        impersonatorId: claims.imp ?? null,
      })),
    );
    return { status: 204 };
  };
}

/** Usage tracking capture. */
export function trackingHandlers(deps: Deps): HandlerMap {
  return {
    createTrackingEvents: createTrackingEvents(deps),
  };
}

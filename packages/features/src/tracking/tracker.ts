import { deviceOfUserAgent } from '@portal/config/device';
import { isTrackedPath, type TrackingEvent } from './events';

type Device = TrackingEvent['device'];

export const BATCH_SIZE = 5;
// The contract accepts at most 50 events per request.
const MAX_BATCH = 50;

export interface TrackerOptions {
  /** `{mainApiUrl}/sessions/{sessionId}/events` of the signed-in session. */
  endpoint: string;
  token: string;
  fetch?: typeof fetch;
  now?: () => Date;
  device?: Device;
}

export interface Tracker {
  /**
   * Queues an event at `path`; `route` is its page's route pattern, the key the figures count
   * the page by (the path itself when left out).
   */
  record: (type: TrackingEvent['type'], action: string, path: string, route?: string) => void;
  /** Sends whatever is queued with `keepalive`, so it survives the tab closing. */
  flush: () => void;
  pending: () => number;
}

/** Queues usage events and posts them 5 at a time; `flush()` sends the rest on tab close. */
export function createTracker({
  endpoint,
  token,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  now = () => new Date(),
  device = deviceOfUserAgent(navigator.userAgent, navigator.maxTouchPoints),
}: TrackerOptions): Tracker {
  let queue: TrackingEvent[] = [];

  const send = (events: TrackingEvent[], keepalive: boolean) => {
    const requeue = () => {
      // Only a batch sent while the page lives can be retried with the next one.
      if (!keepalive) queue = [...events, ...queue];
    };
    fetchImpl(endpoint, {
      method: 'POST',
      keepalive,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
    }).then(
      (response) => {
        if (response.status >= 500) requeue();
      },
      () => requeue(),
    );
  };

  return {
    record(type, action, path, route = path) {
      if (!isTrackedPath(path)) return;
      queue.push({
        type,
        action: action.trim().slice(0, 255) || type,
        path: path.slice(0, 2048),
        route: route.slice(0, 255) || path.slice(0, 255),
        timestamp: now().toISOString(),
        device,
      });
      while (queue.length >= BATCH_SIZE) send(queue.splice(0, BATCH_SIZE), false);
    },
    flush() {
      while (queue.length > 0) send(queue.splice(0, MAX_BATCH), true);
    },
    pending: () => queue.length,
  };
}

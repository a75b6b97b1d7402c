import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { messages } from './messages.js';

/** How often idle connections are closed while the server drains. */
const IDLE_REAP_MS = 100;

/**
 * How an app stops serving when it is closed (SIGTERM): the requests in flight end, every
 * answer sent from then on says `Connection: close`, a request arriving on a kept-alive
 * connection meanwhile is a French 503 (the proxy sends it elsewhere), and each connection is
 * closed as soon as it is idle. Node closes the connections idle when the server closes, but
 * one busy then (an export streaming) would otherwise stay open for the keep-alive timeout
 * (72 s) once its answer ends, and hold the close back as long. The app must be built with
 * `return503OnClosing: false`, so that the 503 is this Hydra error rather than Fastify's own.
 *
 * The close also waits for the requests whose client has gone: Node forgets their connection at
 * once, but their handler goes on, and the process must not close the database under it. A
 * request is over once its answer is sent (onSend, errors included) and its response closed;
 * one whose client left before its handler began is not handled while closing.
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;
  const inFlight = new Map<FastifyRequest, { sent: boolean; closed: boolean }>();
  let allOver: (() => void) | undefined;
  const update = (request: FastifyRequest, change: { sent: true } | { closed: true }) => {
    const state = inFlight.get(request);
    if (!state) return;
    Object.assign(state, change);
    if (!state.sent || !state.closed) return;
    inFlight.delete(request);
    if (inFlight.size === 0) allOver?.();
  };
  app.addHook('preClose', (done) => {
    closing = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
    reaper.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(reaper);
    if (inFlight.size > 0) await new Promise<void>((resolve) => (allOver = resolve));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) throw shuttingDown();
    inFlight.set(request, { sent: false, closed: false });
    reply.raw.once('close', () => update(request, { closed: true }));
  });
  app.addHook('preHandler', async (request) => {
    if (closing && inFlight.get(request)?.closed) throw shuttingDown();
  });
  app.addHook('onSend', async (request, reply) => {
    update(request, { sent: true });
    if (closing) void reply.header('connection', 'close');
  });
}

const shuttingDown = () =>
  new HttpError(503, messages.shuttingDown, undefined, { 'retry-after': '1' });

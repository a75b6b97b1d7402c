import type { FastifyInstance } from 'fastify';
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
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
    reaper.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(reaper);
    done();
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new HttpError(503, messages.shuttingDown, undefined, { 'retry-after': '1' });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}

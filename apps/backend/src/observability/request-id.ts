import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's request id may look like to be kept (nginx's `$request_id`, a UUID, a trace
 * id): letters, digits and `._:-`, 1 to 128 characters. Anything else (spaces, quotes, line
 * breaks, a page of text) would go into every log line of the request as it is: replaced.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the proxy's X-Request-Id when well-formed, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request (`request.id`, the `reqId` of its log lines). */
export function sendRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

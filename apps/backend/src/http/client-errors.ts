import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HYDRA_CONTENT_TYPE, HttpError, hydraBody } from './errors.js';
import { messages } from './messages.js';

/** The parts of a client error Node gives us (`clientError` event). */
interface ClientError extends Error {
  code?: string;
}

/** What Node's HTTP parser refused, as a Hydra error in French. */
export function clientErrorAnswer(error: ClientError): HttpError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new HttpError(431, messages.headersTooLarge);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError(408, messages.requestTimeout);
  return new HttpError(400, messages.badHttpRequest);
}

/**
 * Fastify's `clientErrorHandler`: the request never reached a route (headers or URL over
 * Node's 16 KB, a request not received within `requestTimeout`, bytes that are not HTTP), so
 * there is no reply object. The answer is written on the socket as raw HTTP/1.1, then the
 * connection is closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: ClientError,
  socket: Socket,
): void {
  // A reset connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error);
  this.log.trace({ err: error }, `client error ${answer.statusCode}`);
  // A response already begun on this connection (a slow body while the route answers) cannot
  // be followed by another one: the connection is only closed.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const body = JSON.stringify(hydraBody(answer));
    socket.write(
      `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode]}\r\n` +
        `Content-Type: ${HYDRA_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

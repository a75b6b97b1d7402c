/**
 * Whether an error says that the database is out of reach (stopped, restarting, the connection
 * cut), rather than that a query was wrong: such a request may be tried again as it is, so it is
 * answered 503 with `Retry-After`, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`; a connection to several addresses fails with
  // an AggregateError of them.
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shuts down, crashed, or
 * cannot take connections yet) and 53300 (no connection slot left).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Node's socket errors when the server is down, unreachable or drops the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and its pool say these without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Connection ended unexpectedly|timeout exceeded when trying to connect|Query read timeout)/;

import { messages } from './messages.js';

export interface Violation {
  propertyPath: string;
  message: string;
  code?: string | null;
}

/** An error that becomes an API Platform Hydra answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly violations?: Violation[],
    /** Headers the answer carries (`Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(description);
    this.name = 'HttpError';
  }
}

export const badRequest = (description: string) => new HttpError(400, description);
export const unauthorized = (description: string = messages.invalidToken) =>
  new HttpError(401, description);
export const forbidden = (description: string) => new HttpError(403, description);
export const notFound = (description: string = messages.notFound) =>
  new HttpError(404, description);
export const tooManyRequests = () => new HttpError(429, messages.tooManyAttempts);
/** A 429 saying when to come back, in `Retry-After` (seconds). */
export const retryLater = (description: string, ttlMs: number) =>
  new HttpError(429, description, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

/** Seconds a client is told to wait (`Retry-After`) while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A 503 saying when to try again: the database is out of reach, nothing was done. */
export const serviceUnavailable = (description: string = messages.serviceUnavailable) =>
  new HttpError(503, description, undefined, {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

export function unprocessable(violations: Violation[]): HttpError {
  const description = violations
    .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
    .join('\n');
  return new HttpError(422, description, violations);
}

/** Throws a 422 when the list is not empty. */
export function assertNoViolations(violations: (Violation | null)[]): void {
  const found = violations.filter((v): v is Violation => v !== null);
  if (found.length > 0) throw unprocessable(found);
}

export const HYDRA_CONTENT_TYPE = 'application/ld+json; charset=utf-8';

export function hydraBody(error: HttpError): Record<string, unknown> {
  if (error.violations) {
    return {
      '@context': '/contexts/ConstraintViolationList',
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': error.description,
      violations: error.violations.map((v) => ({
        propertyPath: v.propertyPath,
        message: v.message,
        code: v.code ?? null,
      })),
    };
  }
  return {
    '@context': '/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': 'An error occurred',
    'hydra:description': error.description,
  };
}

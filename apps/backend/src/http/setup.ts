import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability.js';
import { HYDRA_CONTENT_TYPE, HttpError, hydraBody, serviceUnavailable } from './errors.js';
import { messages } from './messages.js';

const JSON_TYPES = ['application/ld+json', 'application/merge-patch+json'];

/** Deepest nesting of arrays and objects a JSON body may have; the contract needs about 5. */
export const MAX_JSON_DEPTH = 32;

/** Hydra answers for every error, JSON parsing for the JSON-LD family, tolerant empty bodies. */
export function setupHttp(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', ...JSON_TYPES],
    { parseAs: 'string' },
    (request, body, done) => {
      // An empty body is left to the contract, which knows whether one is required.
      if (body === '') return done(null, undefined);
      // Checked before parsing: a deeply nested document makes every recursive walk that
      // follows (validation, the NUL check) overflow the stack.
      if (exceedsDepth(body as string, MAX_JSON_DEPTH))
        return done(new HttpError(400, messages.jsonTooDeep), undefined);
      parseJson(request, body as string, (error, value) => {
        // The parser refuses `__proto__` and `constructor.prototype` keys (prototype
        // poisoning) with the same error as broken JSON: name the key instead.
        const key = error ? forbiddenKey(body as string) : null;
        if (key) return done(new HttpError(400, messages.forbiddenJsonKey(key)), undefined);
        done(error, value);
      });
    },
  );

  // PostgreSQL text cannot hold U+0000: refuse it up front rather than fail in the query.
  app.addHook('preValidation', async (request) => {
    const { query, params, body } = request;
    if ([query, params].some((strings) => holdsNul({ ...(strings as object) })) || holdsNul(body))
      throw new HttpError(400, messages.nulCharacter);
  });

  // A path served with other methods answers 405 with `Allow`, as HTTP (and Symfony) say.
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook('onRoute', (route) => {
    // Catch-alls (the CORS preflight's `OPTIONS *`) say nothing about a path.
    if (route.url === '*' || route.url === '/*') return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ pattern: routePattern(route.url), method });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [
      ...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method)),
    ].sort();
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const error = new HttpError(
        405,
        `La méthode ${request.method} n'est pas autorisée pour ${path} (méthodes acceptées : ${allowed.join(', ')}).`,
        undefined,
        { allow: allowed.join(', ') },
      );
      return reply
        .code(405)
        .headers(error.headers!)
        .type(HYDRA_CONTENT_TYPE)
        .send(hydraBody(error));
    }
    const error = new HttpError(404, `Aucune route ne correspond à ${request.method} ${path}.`);
    return reply.code(404).type(HYDRA_CONTENT_TYPE).send(hydraBody(error));
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const hydra = toHttpError(error);
    // A 5xx thrown on purpose (an HttpError) was logged by its thrower. The database out of
    // reach: one line, not a stack per request (the pool logs the lost connections).
    if (!(error instanceof HttpError)) {
      if (hydra.statusCode === 503) request.log.warn(`database unavailable: ${describe(error)}`);
      else if (hydra.statusCode >= 500) request.log.error({ err: error }, 'unhandled error');
    }
    if (hydra.headers) void reply.headers(hydra.headers);
    return reply.code(hydra.statusCode).type(HYDRA_CONTENT_TYPE).send(hydraBody(hydra));
  });
}

function toHttpError(error: FastifyError | HttpError): HttpError {
  if (error instanceof HttpError) return error;
  // The query failed before its transaction could commit: the server rolls it back.
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  const status = error.statusCode ?? 500;
  if (status === 429) return new HttpError(429, messages.tooManyAttempts);
  if (status === 413) return new HttpError(413, messages.bodyTooLarge);
  if (status === 415) return new HttpError(415, messages.unsupportedMediaType);
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP'))
    return new HttpError(400, messages.malformedJson);
  if (status >= 400 && status < 500) return new HttpError(status, error.message);
  return new HttpError(500, messages.internalError);
}

/** The innermost reason of an error (drizzle's `cause`: the driver's own). */
function describe(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const { code } = current as { code?: unknown };
  return `${current instanceof Error ? current.message : String(current)}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/** A Fastify route URL (`/cgp/:id`, `/docs/*`) as a regular expression over request paths. */
export function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z_]\w*|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** Iterative (an explicit stack), so no document can overflow the call stack. */
function holdsNul(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isPlainObject(value)) {
      for (const [key, nested] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(nested);
      }
    }
  }
  return false;
}

/**
 * The key that made a valid JSON text refused (`__proto__`, `constructor.prototype`), or null
 * when the text is not JSON at all. JSON.parse keeps `__proto__` as a plain own key.
 */
export function forbiddenKey(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') {
      if (Object.hasOwn(value, '__proto__')) return '__proto__';
      const constructor = Object.hasOwn(value, 'constructor')
        ? (value as Record<string, unknown>).constructor
        : undefined;
      if (
        constructor !== null &&
        typeof constructor === 'object' &&
        Object.hasOwn(constructor, 'prototype')
      )
        return 'constructor.prototype';
      for (const nested of Object.values(value)) stack.push(nested);
    }
  }
  return null;
}

/** True when the JSON text nests arrays and objects deeper than `max` (strings skipped). */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** What JSON.parse and a spread build; multipart fields and streams are left alone. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

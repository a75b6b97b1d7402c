import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { Handler, HandlerResult, Operation } from '../contract.js';
import type { Database } from '../db/client.js';
import { auditLog, users } from '../db/schema.js';
import { accessOf } from './principal-access.js';

/**
 * The audit trail: one mechanism for the staff's actions and the impersonated ones.
 *
 * - Written: every POST, PUT, PATCH or DELETE of the contract that succeeded (2xx) made by a
 *   staff account, unless the operation says `x-audit: false` (sign-out, tracking, read
 *   states: not actions on the data); every one made while impersonating, whatever its outcome
 *   and operation (as the trail of an impersonation always was).
 * - Each line says who (user, and the impersonating administrator, with their names and
 *   e-mails at the time), when, the operationId, the target's IRI, the request id and what
 *   changed, `{ field: { before, after } }`.
 * - Target: the operation's path up to its last parameter (`/users/{id}/disable` acts on
 *   `/users/12`); without a parameter, the `@id` of the answer (a creation).
 * - Before and after, for every operation, hand-written or declared on the resource layer: when
 *   the contract has a GET at the target's path (`getUser` for `/users/{id}`), its handler is
 *   called for the same caller just before and just after the mutation, and the fields whose
 *   representation differs are the changes. Otherwise the before is what the handler read
 *   before changing it (`recordBefore`: the resource layer's merge-patch and deletion give the
 *   row's item, a hand-written handler may give its own), and the after is the answer when it
 *   represents the target, else the request's body; with no before at all, the changed fields
 *   are those of the body (or of the answer, a creation), before null. A deletion's before is
 *   every field, its after null.
 * - Secrets are never written: a field named like one (`SECRET_WORDS`) is kept, its value
 *   replaced by `REDACTED`, at any depth.
 * - Written in onSend, so that the line exists before the client sees the answer; a failure to
 *   write it is logged, not turned into an error.
 */

/** Words of a field's name (camelCase or snake_case) that make its value a secret. */
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'token',
  'tokens',
  'secret',
  'secrets',
  'hash',
  'otp',
  'totp',
  'recovery',
  'passkey',
  'credential',
  'credentials',
  'handoff',
  'key',
  'keys',
  'cookie',
]);
/** Whole names that are secrets although their words are common (`code`, a one-time code). */
const SECRET_NAMES = new Set(['code', 'codes']);

export const REDACTED = '[masqué]';

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_NAMES.has(lower)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/** The value with every secret-named field's value replaced by REDACTED, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isSecretName(key) ? REDACTED : redact(inner),
    ]),
  );
}

export type Changes = Record<string, { before: unknown; after: unknown }>;

type Representation = Record<string, unknown>;

const isRecord = (value: unknown): value is Representation =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !isFile(value);

/** A multipart file part or a stream: never a field value to keep. */
const isFile = (value: unknown) =>
  value instanceof Uint8Array ||
  (typeof value === 'object' && value !== null && ('pipe' in value || 'filename' in value));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields between two representations of the target. `full`: `before` is a whole
 * representation (every field compared); otherwise only `before`'s and the body's fields are.
 */
export function changesOf(
  before: Representation | null,
  after: Representation | null,
  body: unknown,
  full: boolean,
): Changes | null {
  const bodyKeys = isRecord(body) ? Object.keys(body).filter((k) => !isFile(body[k])) : [];
  const keys = new Set<string>(
    full && before && after
      ? [...Object.keys(before), ...Object.keys(after)]
      : [
          ...Object.keys(before ?? {}),
          ...(bodyKeys.length > 0 ? bodyKeys : Object.keys(after ?? {})),
        ],
  );
  const changes: Changes = {};
  for (const key of [...keys].sort()) {
    if (key.startsWith('@')) continue;
    const was = before ? (before[key] ?? null) : null;
    const is = after ? (after[key] ?? null) : null;
    if (same(was, is)) continue;
    changes[key] = isSecretName(key)
      ? { before: was === null ? null : REDACTED, after: is === null ? null : REDACTED }
      : { before: redact(was), after: redact(is) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

interface Entry {
  principal: Principal;
  operation: Operation;
  /** Staff's own action (written on success) rather than an impersonated one (always). */
  impersonated: boolean;
  targetIri: string | null;
  changes: Changes | null;
  /** Given by the handler (`recordBefore`) when no GET reads the target. */
  declaredBefore?: Representation;
}

/**
 * The reply a target's read is given: a JSON item read touches none, one that would (a file)
 * is no representation to compare, and must not write on the mutation's answer.
 */
const NO_REPLY = new Proxy({} as FastifyReply, {
  get() {
    throw new Error('an audit read uses no reply');
  },
});

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const running = new AsyncLocalStorage<Entry>();

/**
 * For a hand-written handler whose target has no GET in the contract: the target's
 * representation as it was, read before changing it (the same shape as the answer).
 */
export function recordBefore(representation: Representation): void {
  const entry = running.getStore();
  if (entry) entry.declaredBefore = representation;
}

/** Whether the running request is followed by the trail (a before is worth reading). */
export const auditing = (): boolean => running.getStore() !== undefined;

/** `/users/{id}/disable` → `/users/{id}`; a path without a parameter: null. */
export function targetPathOf(path: string): string | null {
  const segments = path.split('/');
  let last = -1;
  segments.forEach((segment, index) => {
    if (/^\{[^}]+\}$/.test(segment)) last = index;
  });
  return last < 0 ? null : segments.slice(0, last + 1).join('/');
}

const fill = (path: string, params: Record<string, unknown>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** What `registerContractRoutes` calls for each request of an operation. */
export interface OperationAudit<P> {
  /** Once the caller is known, before authorization: a session for an audited request. */
  begin(request: FastifyRequest, operation: Operation, principal: P): Promise<AuditSession | null>;
}

export interface AuditSession {
  /** Runs the handler, reading the target before and after it. */
  around(
    context: { params: Record<string, unknown>; body: unknown; request: FastifyRequest },
    run: () => Promise<HandlerResult>,
  ): Promise<HandlerResult>;
}

/**
 * Registers the writing of the trail on `app` and answers what the contract's routes call.
 * `handlers` and `operations`: the contract's, whose GETs read the targets.
 */
export function registerAuditTrail(
  app: FastifyInstance,
  db: Database,
  contract: { operations: Operation[] },
  handlers: Record<string, Handler<Principal>>,
): OperationAudit<Principal> {
  const entries = new WeakMap<FastifyRequest, Entry>();
  const readers = new Map<string, Handler<Principal>>();
  for (const operation of contract.operations)
    if (operation.method === 'GET' && handlers[operation.operationId])
      readers.set(operation.path, handlers[operation.operationId]!);

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entries.get(request);
    if (!entry) return payload;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    if (!entry.impersonated && !succeeded) return payload;
    try {
      const { user, claims } = entry.principal;
      const impersonator =
        claims.imp === undefined
          ? undefined
          : (
              await db
                .select({
                  firstName: users.firstName,
                  lastName: users.lastName,
                  email: users.email,
                })
                .from(users)
                .where(eq(users.id, claims.imp))
            )[0];
      await db.insert(auditLog).values({
        userId: user.id,
        userName: `${user.firstName} ${user.lastName}`,
        userEmail: user.email,
        impersonatorId: claims.imp ?? null,
        impersonatorName: impersonator
          ? `${impersonator.firstName} ${impersonator.lastName}`
          : null,
        impersonatorEmail: impersonator?.email ?? null,
        impersonationId: claims.impAudit ?? null,
        operationId: entry.operation.operationId,
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
        targetIri: entry.targetIri,
        requestId: request.id,
        changes: succeeded ? entry.changes : null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit line not written');
    }
    return payload;
  });

  const read = async (
    reader: Handler<Principal> | undefined,
    entry: Entry,
    params: Record<string, unknown>,
    request: FastifyRequest,
  ): Promise<Representation | null> => {
    if (!reader) return null;
    try {
      const result = await reader({
        params,
        query: {},
        body: undefined,
        principal: entry.principal,
        request,
        reply: NO_REPLY,
      });
      return result.status === 200 && isRecord(result.body) ? result.body : null;
    } catch {
      // Out of the caller's reach, or gone (a deletion's after): nothing to compare.
      return null;
    }
  };

  return {
    async begin(request, operation, principal) {
      if (!MUTATING.has(operation.method)) return null;
      const impersonated = principal.claims.imp !== undefined;
      if (!impersonated) {
        if (operation.definition['x-audit'] === false) return null;
        // `x-audit: true`: a security event of any account (an agent's recovery codes).
        if (operation.definition['x-audit'] !== true && (await accessOf(db, principal)).isAgent)
          return null;
      }
      const entry: Entry = {
        principal,
        operation,
        impersonated,
        targetIri: null,
        changes: null,
      };
      entries.set(request, entry);
      return {
        async around({ params, body, request }, run) {
          const targetPath = targetPathOf(operation.path);
          if (targetPath) entry.targetIri = fill(targetPath, params);
          const reader = targetPath ? readers.get(targetPath) : undefined;
          const before = await read(reader, entry, params, request);
          const result = await running.run(entry, run);
          const answer = isRecord(result.body) ? result.body : null;
          if (!entry.targetIri && typeof answer?.['@id'] === 'string')
            entry.targetIri = answer['@id'];
          const after =
            operation.method === 'DELETE'
              ? null
              : ((await read(reader, entry, params, request)) ??
                (answer && answer['@id'] === entry.targetIri ? answer : null) ??
                (isRecord(body) ? body : null));
          const known = before ?? entry.declaredBefore ?? null;
          const full = known !== null && (before !== null || entry.declaredBefore !== undefined);
          entry.changes = changesOf(
            known,
            after,
            operation.method === 'DELETE' ? undefined : body,
            full,
          );
          return result;
        },
      };
    },
  };
}

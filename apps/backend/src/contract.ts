import type { ErrorObject, ValidateFunction } from 'ajv';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteShorthandOptions,
} from 'fastify';
import { HttpError, badRequest, unauthorized, unprocessable } from './http/errors.js';
import { describeErrors, toViolations } from './http/validation-errors.js';
import { messages } from './http/messages.js';
import { withRequestId } from './observability/request-context.js';
import {
  HTTP_METHODS,
  createAjv,
  documentId,
  escapePointer,
  joinPointer,
  loadDocument,
  locate,
  type ContractName,
  type MediaTypeMap,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
} from './openapi.js';

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path, e.g. /cgp/{id} */
  path: string;
  /** Fastify path, e.g. /cgp/:id */
  url: string;
  pointer: string;
  definition: OperationObject;
  requiresAuth: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves (its metrics and logs are named after it). */
    operationId?: string;
  }
}

export interface Contract {
  name: ContractName;
  document: OpenApiDocument;
  operations: Operation[];
}

export interface HandlerContext<P> {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Set for every operation that requires a bearer token. */
  principal: P | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
}

export type Handler<P> = (context: HandlerContext<P>) => Promise<HandlerResult>;

/**
 * How a handler came to be, where the router sees it: declared by the resource layer
 * (`resources/handlers.ts`), or hand-written with the reason the layer does not fit.
 */
type Origin = { declared: true } | { reason: string };
const origins = new WeakMap<object, Origin>();

/** Marks a handler the resource layer builds from a declaration. */
export function declared<P>(handler: Handler<P>): Handler<P> {
  origins.set(handler, { declared: true });
  return handler;
}

/**
 * A hand-written handler and, in one line, why the declarative layer does not fit it: the
 * router refuses to start on a handler that is neither declared nor has its reason.
 */
export function handWritten<P>(reason: string, handler: Handler<P>): Handler<P> {
  if (reason.trim() === '') throw new Error('A hand-written handler states its reason');
  origins.set(handler, { reason });
  return handler;
}

/** A handler's wrapper (export slots, …) keeps the wrapped one's origin. */
export function wrapping<P>(inner: Handler<P>, wrapper: Handler<P>): Handler<P> {
  const origin = origins.get(inner);
  if (origin) origins.set(wrapper, origin);
  return wrapper;
}

/** `declared`, the reason of a hand-written handler, or undefined for one without either. */
export function originOf(handler: unknown): 'declared' | string | undefined {
  const origin = typeof handler === 'function' ? origins.get(handler) : undefined;
  if (!origin) return undefined;
  return 'declared' in origin ? 'declared' : origin.reason;
}

export interface ContractRoutesOptions<P> {
  contract: Contract;
  handlers: Record<string, Handler<P>>;
  /** Turns a bearer token into a principal, or throws an HttpError (401). */
  authenticate: (token: string) => Promise<P>;
  /** Throws an HttpError (403) when the principal may not run the operation. */
  authorize?: (principal: P, operation: Operation) => void | Promise<void>;
  /**
   * Reads a multipart body once the caller is authenticated and authorized (multipart bodies
   * are left unread until then); throws an HttpError (415, 413, 400).
   */
  readMultipart?: (request: FastifyRequest, operation: Operation) => Promise<unknown>;
  /** Follows the mutations to the audit trail (`access/audit.ts`). */
  audit?: {
    begin(
      request: FastifyRequest,
      operation: Operation,
      principal: P,
    ): Promise<{
      around(
        context: { params: Record<string, unknown>; body: unknown; request: FastifyRequest },
        run: () => Promise<HandlerResult>,
      ): Promise<HandlerResult>;
    } | null>;
  };
  /**
   * Completes an operation's 200 answers, by operationId (API Platform's additions to every
   * Hydra collection: `hydra-collections.ts`).
   */
  presenters?: Record<string, (body: unknown) => unknown>;
  /** Extra Fastify route options per operationId (rate limits). */
  routeOptions?: Partial<Record<string, Pick<RouteShorthandOptions, 'config' | 'preHandler'>>>;
}

export function loadContract(name: ContractName): Contract {
  const document = loadDocument(name);
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const definition = pathItem[method] as OperationObject | undefined;
      if (!definition) continue;
      if (!definition.operationId)
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const security = definition.security ?? document.security ?? [];
      operations.push({
        operationId: definition.operationId,
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        pointer: joinPointer('#/paths', path, method),
        definition,
        requiresAuth:
          security.length > 0 &&
          !security.some((requirement) => Object.keys(requirement).length === 0),
      });
    }
  }
  return { name, document, operations };
}

/**
 * Fails when the handlers and the operations of the contract do not match one to one, or when a
 * handler is neither declared by the resource layer nor hand-written with its reason.
 */
export function checkHandlers(contract: Contract, handlers: Record<string, unknown>): void {
  const operationIds = new Set(contract.operations.map((o) => o.operationId));
  const missing = [...operationIds].filter((id) => !handlers[id]);
  const extra = Object.keys(handlers).filter((id) => !operationIds.has(id));
  const unexplained = Object.keys(handlers).filter(
    (id) => operationIds.has(id) && originOf(handlers[id]) === undefined,
  );
  const problems = [
    ...missing.map((id) => `no handler for operation ${id}`),
    ...extra.map((id) => `handler ${id} matches no operation`),
    ...unexplained.map((id) => `handler ${id} is neither declared nor has a reason`),
  ];
  if (problems.length > 0) throw new Error(`Contract ${contract.name}: ${problems.join('; ')}`);
}

export function registerContractRoutes<P>(
  app: FastifyInstance,
  options: ContractRoutesOptions<P>,
): void {
  const { contract, handlers } = options;
  checkHandlers(contract, handlers);
  const bodyAjv = createAjv(contract.name, contract.document);
  const paramAjv = createAjv(contract.name, contract.document, { coerce: true });

  for (const operation of contract.operations) {
    const handler = handlers[operation.operationId] as Handler<P>;
    const validators = compileValidators(contract, operation, bodyAjv, paramAjv);
    const present = options.presenters?.[operation.operationId];
    app.route({
      method: operation.method as HTTPMethods,
      url: operation.url,
      ...options.routeOptions?.[operation.operationId],
      config: {
        ...options.routeOptions?.[operation.operationId]?.config,
        operationId: operation.operationId,
      },
      handler: async (request, reply) => {
        let principal: P | null = null;
        let audit: Awaited<ReturnType<NonNullable<typeof options.audit>['begin']>> = null;
        if (operation.requiresAuth) {
          principal = await options.authenticate(bearerToken(request));
          // Before authorization: an impersonated request refused is on the trail too.
          audit = (await options.audit?.begin(request, operation, principal)) ?? null;
          await options.authorize?.(principal, operation);
        }
        const params = validate(validators.params, { ...(request.params as object) }, 'path');
        const query = validate(
          validators.query,
          orderDirectionsLowered({ ...(request.query as object) }),
          'query',
        );
        if (options.readMultipart && isMultipart(request))
          request.body = await options.readMultipart(request, operation);
        const body = validateBody(validators, request);
        // As part of its request: the jobs it sends carry the request id into their logs.
        const run = () => handler({ params, query, body, principal, request, reply });
        const result = await withRequestId(request.id, () =>
          audit ? audit.around({ params, body, request }, run) : run(),
        );
        reply.code(result.status);
        if (result.body === undefined) return reply.send();
        if (present && result.status === 200) result.body = present(result.body);
        // A file answer may name its own documented type (a library file is a PDF or a PNG…).
        if (!reply.hasHeader('content-type'))
          reply.type(responseContentType(contract.document, operation, result.status));
        return reply.send(result.body);
      },
    });
  }
}

/** A parameter validator: the raw strings' integer check, then the coercing schema. */
interface ParameterValidator {
  /** Names of the integer parameters (or lists of integers), read as written. */
  integers: string[];
  schema: ValidateFunction;
}

interface Validators {
  params: ParameterValidator;
  query: ParameterValidator;
  body: { required: boolean; byMediaType: Map<string, ValidateFunction> } | null;
}

function compileValidators(
  contract: Contract,
  operation: Operation,
  bodyAjv: ReturnType<typeof createAjv>,
  paramAjv: ReturnType<typeof createAjv>,
): Validators {
  const id = documentId(contract.name);
  const parameters = [
    ...parameterPointers(contract.document, joinPointer('#/paths', operation.path), 'parameters'),
    ...parameterPointers(contract.document, operation.pointer, 'parameters'),
  ];
  const objectSchema = (location: ParameterObject['in']) => {
    const selected = parameters.filter((p) => p.value.in === location);
    return {
      type: 'object',
      properties: Object.fromEntries(
        selected.map((p) => [p.value.name, { $ref: `${id}${joinPointer(p.pointer, 'schema')}` }]),
      ),
      required: selected
        .filter((p) => p.value.required || location === 'path')
        .map((p) => p.value.name),
    };
  };

  let body: Validators['body'] = null;
  if (operation.definition.requestBody) {
    const requestBody = locate<MediaTypeMap>(
      contract.document,
      joinPointer(operation.pointer, 'requestBody'),
    );
    const byMediaType = new Map<string, ValidateFunction>();
    for (const mediaType of Object.keys(requestBody.value.content ?? {})) {
      const schemaRef = `${id}${joinPointer(requestBody.pointer, 'content', mediaType, 'schema')}`;
      byMediaType.set(mediaType, bodyAjv.compile({ $ref: schemaRef }));
    }
    body = { required: requestBody.value.required === true, byMediaType };
  }

  const parameterValidator = (location: ParameterObject['in']): ParameterValidator => ({
    integers: parameters
      .filter((p) => p.value.in === location && holdsIntegers(contract.document, p.value.schema))
      .map((p) => p.value.name),
    schema: paramAjv.compile(objectSchema(location)),
  });

  return { params: parameterValidator('path'), query: parameterValidator('query'), body };
}

function parameterPointers(document: OpenApiDocument, owner: string, key: string) {
  const list = locate<unknown>(document, owner).value as Record<string, unknown[] | undefined>;
  return (list[key] ?? []).map((_, index) =>
    locate<ParameterObject>(document, joinPointer(owner, key, index)),
  );
}

/**
 * `order[field]=ASC` reads as `asc`: API Platform's order filter takes either case (its own
 * admin sends upper case), the contract names the lower.
 */
function orderDirectionsLowered(query: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(query))
    if (name.startsWith('order[') && typeof value === 'string' && /^(asc|desc)$/i.test(value))
      query[name] = value.toLowerCase();
  return query;
}

/** An integer as a person writes it: optional minus sign, decimal digits, nothing else. */
const DECIMAL_INTEGER = /^-?\d+$/;

/** Follows local schema $refs (the contract's parameters point into components/schemas). */
function resolveSchema(document: OpenApiDocument, schema: unknown): Record<string, unknown> {
  let node = schema;
  for (let depth = 0; depth < 20; depth++) {
    const ref = (node as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    node = locate<unknown>(document, ref).value;
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
}

const typeIncludes = (schema: Record<string, unknown>, type: string) =>
  [schema.type].flat().includes(type);

/** True for an `integer` parameter or a list of integers. */
function holdsIntegers(document: OpenApiDocument, schema0: unknown): boolean {
  const schema = resolveSchema(document, schema0);
  if (typeIncludes(schema, 'integer')) return true;
  return (
    typeIncludes(schema, 'array') && typeIncludes(resolveSchema(document, schema.items), 'integer')
  );
}

function validate(validator: ParameterValidator, data: Record<string, unknown>, location: string) {
  // Ajv's coercion takes whatever `+value` reads (`0x1`, `1e1`, `+1`, ` 1`, `1.0`): the raw
  // strings of integer parameters are checked first, so that only decimal digits are numbers.
  const errors: ErrorObject[] = validator.integers
    .filter((name) =>
      [data[name] ?? []]
        .flat()
        .some((raw) => typeof raw === 'string' && !DECIMAL_INTEGER.test(raw)),
    )
    .map((name) => ({
      keyword: 'type',
      instancePath: `/${escapePointer(name)}`,
      schemaPath: '',
      params: { type: 'integer' },
    }));
  if (errors.length > 0) throw badRequest(describeErrors(errors, location));
  if (!validator.schema(data))
    throw badRequest(describeErrors(validator.schema.errors ?? [], location));
  return data;
}

function validateBody(validators: Validators, request: FastifyRequest): unknown {
  const spec = validators.body;
  if (!spec) return undefined;
  if (request.body === undefined) {
    if (spec.required) throw badRequest(messages.bodyRequired);
    return undefined;
  }
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const validator = spec.byMediaType.get(mediaType);
  if (!validator) throw new HttpError(415, messages.unsupportedMediaType);
  if (!validator(request.body)) {
    const errors = validator.errors ?? [];
    // A body that is not even the object (or list) the operation takes is malformed: 400, as
    // API Platform's deserializer answers. A well-formed one out of the contract: 422, one
    // violation per field (docs/decisions/29-request-validation-422-per-field-400-for-a-malformed-request.md).
    if (errors.some((error) => error.instancePath === '' && error.keyword === 'type'))
      throw badRequest(describeErrors(errors, 'body'));
    throw unprocessable(toViolations(errors));
  }
  return request.body;
}

const isMultipart = (request: FastifyRequest) =>
  /^multipart\//i.test(request.headers['content-type'] ?? '');

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized(messages.authenticationRequired);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized();
  return match[1]!;
}

function responseContentType(
  document: OpenApiDocument,
  operation: Operation,
  status: number,
): string {
  const responses = operation.definition.responses ?? {};
  const key = String(status) in responses ? String(status) : 'default';
  if (!(key in responses))
    throw new Error(`${operation.operationId} answered undocumented status ${status}`);
  const response = locate<MediaTypeMap>(document, joinPointer(operation.pointer, 'responses', key));
  const mediaType = Object.keys(response.value.content ?? {})[0] ?? 'application/json';
  return `${mediaType}; charset=utf-8`;
}

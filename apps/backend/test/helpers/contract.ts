import type { ValidateFunction } from 'ajv';
import { loadContract, type Contract, type Operation } from '../../src/contract.js';
import {
  createAjv,
  documentId,
  joinPointer,
  locate,
  type ContractName,
  type MediaTypeMap,
} from '../../src/openapi.js';

export interface CheckedResponse {
  method: string;
  url: string;
  statusCode: number;
  contentType: string | undefined;
  body: string;
}

/** Checks responses against the OpenAPI document: documented status, content type and schema. */
export class ResponseChecker {
  private readonly contract: Contract;
  private readonly ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly name: ContractName) {
    this.contract = loadContract(name);
    this.ajv = createAjv(name, this.contract.document);
  }

  findOperation(method: string, url: string): Operation | undefined {
    const path = url.split('?')[0]!;
    // As the router does, a literal segment wins over a parameter (`/events/count` is not
    // `/events/{id}`): the match with the fewest parameters.
    const parameters = (o: Operation) => o.path.split('{').length;
    return this.contract.operations
      .filter((o) => o.method === method.toUpperCase() && templateRegex(o.path).test(path))
      .sort((a, b) => parameters(a) - parameters(b))[0];
  }

  check(response: CheckedResponse): void {
    const operation = this.findOperation(response.method, response.url);
    if (!operation) {
      // Outside the contract, only the Hydra 404 of unknown routes is expected.
      if (response.statusCode === 404) this.validate('#/components/schemas/HydraError', response);
      return;
    }
    const responses = operation.definition.responses ?? {};
    const status = String(response.statusCode);
    if (!(status in responses)) {
      throw new Error(
        `${operation.operationId}: status ${status} is not documented (${response.body})`,
      );
    }
    const located = locate<MediaTypeMap>(
      this.contract.document,
      joinPointer(operation.pointer, 'responses', status),
    );
    const content = located.value.content;
    if (!content) {
      if (response.body !== '')
        throw new Error(`${operation.operationId} ${status}: expected an empty body`);
      return;
    }
    const mediaType = response.contentType?.split(';')[0]?.trim() ?? '';
    if (!(mediaType in content)) {
      throw new Error(
        `${operation.operationId} ${status}: content type ${mediaType} is not documented`,
      );
    }
    // Files (spreadsheets…) are checked by their own tests; their schema is `format: binary`.
    if (!/json/.test(mediaType)) {
      if (response.body === '') throw new Error(`${operation.operationId} ${status}: empty file`);
      return;
    }
    this.validate(joinPointer(located.pointer, 'content', mediaType, 'schema'), response);
  }

  private validate(pointer: string, response: CheckedResponse): void {
    let validator = this.cache.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${documentId(this.name)}${pointer}` });
      this.cache.set(pointer, validator);
    }
    const body = JSON.parse(response.body) as unknown;
    if (!validator(body)) {
      const errors = JSON.stringify(validator.errors, null, 2);
      throw new Error(
        `${response.method} ${response.url} ${response.statusCode} does not match ${pointer}: ${errors}`,
      );
    }
  }
}

function templateRegex(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** The operationIds of the main contract that take multipart/form-data, sorted. */
export function multipartOperationIds(): string[] {
  return loadContract('main')
    .operations.filter((o) => {
      const content = (o.definition.requestBody as { content?: object } | undefined)?.content;
      return content !== undefined && 'multipart/form-data' in content;
    })
    .map((o) => o.operationId)
    .sort();
}

/** A parameter of an operation (the path item's and its own), its schema's $refs followed. */
export interface ResolvedParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
}

/** Follows local $refs (parameters, schemas, and array items one level down). */
function resolved(document: Contract['document'], node: unknown): Record<string, unknown> {
  let value = node;
  for (let depth = 0; depth < 20; depth++) {
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string') break;
    value = locate<unknown>(document, ref).value;
  }
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function operationParameters(contract: Contract, operation: Operation): ResolvedParameter[] {
  const pathItem = contract.document.paths[operation.path] as { parameters?: unknown[] };
  return [...(pathItem.parameters ?? []), ...(operation.definition.parameters ?? [])].map((raw) => {
    const parameter = resolved(contract.document, raw) as unknown as ResolvedParameter;
    const schema = resolved(contract.document, parameter.schema);
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true || parameter.in === 'path',
      schema: schema.items
        ? { ...schema, items: resolved(contract.document, schema.items) }
        : schema,
    };
  });
}

/**
 * The operations of a contract that answer a file (a success answer of a media type other than
 * JSON: spreadsheets, calendars, zips, PDFs…), sorted by operationId.
 */
export function fileOperations(name: ContractName): Operation[] {
  const contract = loadContract(name);
  return contract.operations
    .filter((operation) =>
      Object.entries(operation.definition.responses ?? {}).some(([status]) => {
        if (!/^2\d\d$/.test(status)) return false;
        const { content } = locate<MediaTypeMap>(
          contract.document,
          joinPointer(operation.pointer, 'responses', status),
        ).value;
        return Object.keys(content ?? {}).some((mediaType) => !/json/.test(mediaType));
      }),
    )
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/** Loading and $ref resolution of the OpenAPI documents, shared by the router and the tests. */

export type ContractName = 'main' | 'training';

export interface OpenApiDocument {
  openapi: string;
  security?: SecurityRequirement[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  security?: SecurityRequirement[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  /** false: a staff account's own call is no action to audit (`access/audit.ts`). */
  'x-audit'?: boolean;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface MediaTypeMap {
  content?: Record<string, { schema?: unknown }>;
  required?: boolean;
}

/** A node of the document together with its JSON pointer, after following $refs. */
export interface Located<T> {
  value: T;
  pointer: string;
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

const require = createRequire(import.meta.url);
// ajv-formats ships CommonJS with a default export that NodeNext sees as a namespace.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export function contractPath(name: ContractName): string {
  return require.resolve(`@portal/api/openapi/${name}.yaml`);
}

export function loadDocument(name: ContractName): OpenApiDocument {
  return parse(readFileSync(contractPath(name), 'utf8')) as OpenApiDocument;
}

export function documentId(name: ContractName): string {
  return `urn:portal:${name}`;
}

/** Ajv 2020 holding the whole document, so `<id>#/json/pointer` refs resolve. */
export function createAjv(
  name: ContractName,
  document: OpenApiDocument,
  options: { coerce?: boolean } = {},
): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    coerceTypes: options.coerce ? 'array' : false,
  });
  addFormats(ajv);
  ajv.addSchema(document, documentId(name));
  return ajv;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  return [base, ...segments.map((s) => escapePointer(String(s)))].join('/');
}

function get(document: unknown, pointer: string): unknown {
  const segments = pointer.replace(/^#\/?/, '').split('/').filter(Boolean);
  let node: unknown = document;
  for (const raw of segments) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`OpenAPI pointer not found: ${pointer}`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows local $refs of non-schema objects (responses, parameters, request bodies). */
export function locate<T>(document: OpenApiDocument, pointer: string): Located<T> {
  let current = pointer;
  for (let depth = 0; depth < 20; depth++) {
    const value = get(document, current);
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string') return { value: value as T, pointer: current };
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    current = ref;
  }
  throw new Error(`Too many $ref hops from ${pointer}`);
}

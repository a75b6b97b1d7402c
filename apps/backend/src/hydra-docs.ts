import type { Contract, Operation } from './contract.js';
import {
  joinPointer,
  locate,
  type MediaTypeMap,
  type OpenApiDocument,
  type ParameterObject,
} from './openapi.js';

/**
 * The Hydra API documentation (`/docs.jsonld`) and the JSON-LD contexts (`/contexts/{Type}`) the
 * way API Platform serves them, generated from the contract: one `hydra:Class` per type of the
 * items of the entrypoint's collections (their OpenAPI schema gives the properties and their
 * ranges, the operations on the collection and item paths give the supported operations and
 * which properties are writable), plus the classes those items embed, the Entrypoint and the
 * error documents. `@api-platform/api-doc-parser` reads it (test/hydra-docs.test.ts).
 */

export const HYDRA = 'http://www.w3.org/ns/hydra/core#';
export const DOCS_PATH = '/docs.jsonld';
export const API_DOCUMENTATION_REL = `${HYDRA}apiDocumentation`;

/** Contexts that are not classes of the documentation: the errors, described by these schemas. */
const ERROR_CONTEXTS: Record<string, string> = {
  Error: 'HydraError',
  ConstraintViolationList: 'ConstraintViolationList',
};

type Schema = Record<string, unknown>;
type JsonLd = Record<string, unknown>;

/**
 * A collection of the entrypoint: a `list…` GET without path parameter whose answer is a
 * `HydraCollection`.
 */
export interface CollectionOperation {
  /** Entrypoint key, after the operation: `listNews` → `news`. */
  name: string;
  path: string;
  operation: Operation;
  /** The class of its items. */
  type: string;
  /** Name of the items' schema in `components.schemas`, when they name one. */
  itemSchema: string | null;
}

interface Property {
  name: string;
  schema: Schema;
  readable: boolean;
  writable: boolean;
  required: boolean;
}

interface ClassDescription {
  name: string;
  description: string | null;
  properties: Map<string, Property>;
  /** Operations on the items (`/news/{id}`); collection operations hang on the entrypoint. */
  itemOperations: Map<string, Operation>;
}

export interface HydraDocumentation {
  /** Absolute URL of `/docs.jsonld`, the `@vocab` of every context. */
  url: string;
  /** The `/docs.jsonld` document. */
  documentation: JsonLd;
  /** `/contexts/{Type}` documents by type (classes, Entrypoint, Error, ConstraintViolationList). */
  contexts: Map<string, JsonLd>;
  collections: CollectionOperation[];
}

export function hydraDocumentation(contract: Contract, publicUrl: string): HydraDocumentation {
  const url = `${publicUrl.replace(/\/+$/, '')}${DOCS_PATH}`;
  const walker = new SchemaWalker(contract.document);
  const collections = collectionsOf(contract, walker);
  const classes = new Map<string, ClassDescription>();
  /** Schemas already described (embedded ones are described once). */
  const visited = new Set<string>();

  const classOf = (name: string, description: string | null) => {
    let found = classes.get(name);
    if (!found) {
      found = { name, description, properties: new Map(), itemOperations: new Map() };
      classes.set(name, found);
    }
    return found;
  };
  /** Adds the properties of an object schema to its class; embedded schemas become classes. */
  const addProperties = (target: ClassDescription, schema: Schema, mode: 'read' | 'write') => {
    const { properties, required } = walker.objectOf(schema);
    for (const [name, propertySchema] of Object.entries(properties)) {
      if (name.startsWith('@') || name.includes(':')) continue;
      const property = target.properties.get(name) ?? {
        name,
        schema: propertySchema,
        readable: false,
        writable: false,
        required: false,
      };
      if (mode === 'read') property.readable = true;
      else {
        property.writable = true;
        if (required.includes(name)) property.required = true;
      }
      target.properties.set(name, property);
      if (mode === 'read') {
        const embedded = walker.embeddedSchema(propertySchema);
        if (embedded && !visited.has(embedded)) {
          visited.add(embedded);
          const { schema: embeddedSchema } = walker.named(embedded);
          addProperties(
            classOf(
              walker.classNameOf(embedded, embeddedSchema),
              walker.descriptionOf(embeddedSchema),
            ),
            embeddedSchema,
            'read',
          );
        }
      }
    }
  };

  for (const collection of collections) {
    const target = classOf(collection.type, null);
    const items = walker.membersOf(responseSchema(contract.document, collection.operation));
    if (collection.itemSchema) visited.add(collection.itemSchema);
    if (items) {
      target.description ??= walker.descriptionOf(walker.deref(items));
      addProperties(target, items, 'read');
    }
    for (const operation of operationsAround(contract, collection.path)) {
      const body = requestSchema(contract.document, operation);
      if (body) addProperties(target, body, 'write');
      if (operation.path !== collection.path)
        target.itemOperations.set(`${operation.method} ${operation.path}`, operation);
    }
  }
  for (const [name, schema] of [
    ['ConstraintViolation', 'ConstraintViolation'],
    ['ConstraintViolationList', 'ConstraintViolationList'],
  ] as const) {
    if (walker.has(schema) && !classes.has(name))
      addProperties(classOf(name, null), walker.named(schema).schema, 'read');
  }

  // Classes with a collection: the ranges a relation (`hydra:Link`) may name.
  const resourceClasses = new Set(collections.map((collection) => collection.type));
  for (const description of classes.values())
    for (const property of description.properties.values()) {
      const target = walker.linkTarget(property.schema);
      if (target && !resourceClasses.has(target))
        throw new Error(`${description.name}.${property.name}: x-link names no collection's class`);
    }

  const info = (contract.document as { info?: { title?: string; description?: string } }).info;
  const entrypoint: JsonLd = {
    '@id': '#Entrypoint',
    '@type': 'hydra:Class',
    'rdfs:label': 'Entrypoint',
    'hydra:title': 'Entrypoint',
    'hydra:description': 'The API entrypoint',
    'hydra:supportedProperty': collections.map((collection) =>
      entrypointProperty(contract, collection),
    ),
    'hydra:supportedOperation': {
      '@type': 'hydra:Operation',
      'hydra:method': 'GET',
      'rdfs:label': 'The API entrypoint.',
      'hydra:title': 'The API entrypoint.',
      returns: '#Entrypoint',
    },
  };
  const documentation: JsonLd = {
    '@context': {
      '@vocab': `${url}#`,
      hydra: HYDRA,
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xmls: 'http://www.w3.org/2001/XMLSchema#',
      owl: 'http://www.w3.org/2002/07/owl#',
      schema: 'https://schema.org/',
      domain: { '@id': 'rdfs:domain', '@type': '@id' },
      range: { '@id': 'rdfs:range', '@type': '@id' },
      subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
      expects: { '@id': 'hydra:expects', '@type': '@id' },
      returns: { '@id': 'hydra:returns', '@type': '@id' },
    },
    '@id': DOCS_PATH,
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': info?.title ?? '',
    'hydra:description': info?.description ?? '',
    'hydra:entrypoint': '/',
    'hydra:supportedClass': [
      ...[...classes.values()].map((description) =>
        hydraClass(description, walker, resourceClasses),
      ),
      entrypoint,
    ],
  };

  const contexts = new Map<string, JsonLd>();
  const vocabulary = { '@vocab': `${url}#`, hydra: HYDRA };
  for (const description of classes.values()) {
    // IRIs are `@type: @id`, as API Platform's contexts give relations not embedded.
    const terms = Object.fromEntries(
      [...description.properties.values()].map(({ name, schema }) => {
        const id = `${description.name}/${name}`;
        return [name, walker.linkTarget(schema) ? { '@id': id, '@type': '@id' } : id];
      }),
    );
    contexts.set(description.name, { '@context': { ...vocabulary, ...terms } });
  }
  contexts.set('Entrypoint', {
    '@context': {
      ...vocabulary,
      ...Object.fromEntries(
        collections.map((c) => [c.name, { '@id': `Entrypoint/${c.name}`, '@type': '@id' }]),
      ),
    },
  });
  for (const [type, schema] of Object.entries(ERROR_CONTEXTS)) {
    if (contexts.has(type) || !walker.has(schema)) continue;
    const { properties } = walker.objectOf(walker.named(schema).schema);
    const terms = Object.keys(properties)
      .filter((name) => !name.startsWith('@') && !name.includes(':'))
      .map((name) => [name, `${type}/${name}`]);
    contexts.set(type, { '@context': { ...vocabulary, ...Object.fromEntries(terms) } });
  }

  return { url, documentation, contexts, collections };
}

/**
 * Every collection of the contract (a `list…` GET without path parameter answering a
 * `HydraCollection`), named after its operation: `listNews` → `news`, sorted by name. One that
 * needs a query parameter (the folders of one library type) is no entry point: a client
 * following the link as given would only get a 400.
 */
export function collectionsOf(
  contract: Contract,
  walker = new SchemaWalker(contract.document),
): CollectionOperation[] {
  const collections: CollectionOperation[] = [];
  for (const operation of contract.operations) {
    if (operation.method !== 'GET' || operation.path.includes('{')) continue;
    if (!/^list[A-Z]/.test(operation.operationId)) continue;
    if (needsQuery(contract, operation)) continue;
    const answer = responseSchema(contract.document, operation);
    const items = answer && walker.extends(answer, 'HydraCollection') && walker.membersOf(answer);
    if (!items) continue;
    const name = operation.operationId.slice(4);
    const itemSchema = walker.refName(items);
    collections.push({
      name: name[0]!.toLowerCase() + name.slice(1),
      path: operation.path,
      operation,
      itemSchema,
      type: walker.classNameOf(itemSchema, walker.deref(items)),
    });
  }
  return collections.sort((a, b) => a.name.localeCompare(b.name));
}

function needsQuery(contract: Contract, operation: Operation): boolean {
  return (operation.definition.parameters ?? []).some((_, index) => {
    const { value } = locate<ParameterObject>(
      contract.document,
      joinPointer(operation.pointer, 'parameters', index),
    );
    return value.in === 'query' && value.required === true;
  });
}

function entrypointProperty(contract: Contract, collection: CollectionOperation): JsonLd {
  const label = `The collection of ${collection.type} resources`;
  const operations = contract.operations
    .filter((o) => o.path === collection.path)
    .map((o) => hydraOperation(o, collection.type, true));
  return {
    '@type': 'hydra:SupportedProperty',
    'hydra:property': {
      '@id': `#Entrypoint/${collection.name}`,
      '@type': 'hydra:Link',
      domain: '#Entrypoint',
      'rdfs:label': label,
      'rdfs:range': [
        { '@id': 'hydra:Collection' },
        {
          'owl:equivalentClass': {
            'owl:onProperty': { '@id': 'hydra:member' },
            'owl:allValuesFrom': { '@id': `#${collection.type}` },
          },
        },
      ],
      'hydra:supportedOperation': operations,
    },
    'hydra:title': collection.name,
    'hydra:description': label,
    'hydra:readable': true,
    'hydra:writeable': false,
  };
}

function hydraClass(
  description: ClassDescription,
  walker: SchemaWalker,
  resourceClasses: Set<string>,
): JsonLd {
  const id = `#${description.name}`;
  /**
   * A relation, described as API Platform does (`hydra:Link`, ranging over the related class),
   * so that its admin offers a reference: a property holding IRIs (`x-link`), or a writable one
   * embedding another collection's item (news `imageBank`). A read-only embedded object stays
   * an `rdf:Property` whose range is its class, shown inline.
   */
  const isLink = (property: Property) => {
    if (walker.linkTarget(property.schema)) return true;
    const range = walker.rangeOf(property.schema);
    return (
      property.writable &&
      walker.embeddedSchema(property.schema) !== null &&
      range !== null &&
      resourceClasses.has(range.slice(1))
    );
  };
  return {
    '@id': id,
    '@type': 'hydra:Class',
    'rdfs:label': description.name,
    'hydra:title': description.name,
    ...(description.description ? { 'hydra:description': description.description } : {}),
    'hydra:supportedProperty': [...description.properties.values()].map((property) => {
      const range = walker.rangeOf(property.schema);
      const text = walker.descriptionOf(property.schema);
      return {
        '@type': 'hydra:SupportedProperty',
        'hydra:property': {
          '@id': `#${description.name}/${property.name}`,
          '@type': isLink(property) ? 'hydra:Link' : 'rdf:Property',
          'rdfs:label': property.name,
          domain: id,
          ...(range ? { range } : {}),
          ...(walker.isToOne(property.schema) ? { 'owl:maxCardinality': 1 } : {}),
        },
        'hydra:title': property.name,
        'hydra:required': property.required,
        'hydra:readable': property.readable,
        'hydra:writeable': property.writable,
        ...(text ? { 'hydra:description': text } : {}),
      };
    }),
    'hydra:supportedOperation': [...description.itemOperations.values()].map((operation) =>
      hydraOperation(operation, description.name, false),
    ),
  };
}

const ACTIONS: Record<string, string> = {
  GET: 'schema:FindAction',
  POST: 'schema:CreateAction',
  PUT: 'schema:ReplaceAction',
  PATCH: 'schema:UpdateAction',
  DELETE: 'schema:DeleteAction',
};

function hydraOperation(operation: Operation, type: string, onCollection: boolean): JsonLd {
  const definition = operation.definition as { summary?: string; description?: string };
  const title = definition.summary ?? operation.operationId;
  const returns =
    operation.method === 'DELETE'
      ? 'owl:Nothing'
      : operation.method === 'GET' && onCollection
        ? 'hydra:Collection'
        : `#${type}`;
  return {
    '@type': ['hydra:Operation', ACTIONS[operation.method] ?? 'schema:Action'],
    'hydra:method': operation.method,
    'hydra:title': title,
    'rdfs:label': title,
    ...(definition.description ? { 'hydra:description': definition.description } : {}),
    ...(operation.definition.requestBody ? { expects: `#${type}` } : {}),
    returns,
  };
}

/** The operations on a collection path and on its items (`/news`, `/news/{id}`). */
function operationsAround(contract: Contract, path: string): Operation[] {
  const item = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\{[^}/]+\\}$`);
  return contract.operations.filter((o) => o.path === path || item.test(o.path));
}

export function responseSchema(
  document: OpenApiDocument,
  operation: Operation,
): Schema | undefined {
  if (!operation.definition.responses?.['200']) return undefined;
  const response = locate<MediaTypeMap>(
    document,
    joinPointer(operation.pointer, 'responses', '200'),
  );
  return response.value.content?.['application/ld+json']?.schema as Schema | undefined;
}

/** The JSON body of a write (the first JSON media type), not multipart forms. */
function requestSchema(document: OpenApiDocument, operation: Operation): Schema | undefined {
  if (!operation.definition.requestBody || operation.method === 'GET') return undefined;
  const body = locate<MediaTypeMap>(document, joinPointer(operation.pointer, 'requestBody'));
  const json = Object.entries(body.value.content ?? {}).find(([type]) => /json/.test(type));
  return json?.[1].schema as Schema | undefined;
}

const XMLS = 'xmls:';

/** Reads the contract's schemas: `$ref`s, `allOf`, nullable unions. */
export class SchemaWalker {
  constructor(private readonly document: OpenApiDocument) {}

  private get schemas(): Record<string, Schema> {
    return ((this.document.components as { schemas?: Record<string, Schema> } | undefined)
      ?.schemas ?? {}) as Record<string, Schema>;
  }

  has(name: string): boolean {
    return Object.hasOwn(this.schemas, name);
  }

  named(name: string): { name: string; schema: Schema } {
    return { name, schema: this.schemas[name]! };
  }

  /** `Foo` for `{ $ref: '#/components/schemas/Foo' }`, else null. */
  refName(schema: Schema): string | null {
    const ref = schema.$ref;
    return typeof ref === 'string'
      ? (/^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] ?? null)
      : null;
  }

  deref(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; depth < 20; depth++) {
      const name = this.refName(current);
      if (!name) return current;
      current = this.schemas[name] ?? {};
    }
    return current;
  }

  /** Properties and required names, `allOf` merged. */
  objectOf(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
    const resolved = this.deref(schema);
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const part of (resolved.allOf as Schema[] | undefined) ?? []) {
      const nested = this.objectOf(part);
      Object.assign(properties, nested.properties);
      required.push(...nested.required);
    }
    Object.assign(properties, (resolved.properties as Record<string, Schema> | undefined) ?? {});
    required.push(...((resolved.required as string[] | undefined) ?? []));
    return { properties, required };
  }

  /** Whether the schema is the named one or builds on it (`allOf`). */
  extends(schema: Schema, name: string): boolean {
    if (this.refName(schema) === name) return true;
    const resolved = this.deref(schema);
    return ((resolved.allOf as Schema[] | undefined) ?? []).some((part) =>
      this.extends(part, name),
    );
  }

  /** The items schema of `hydra:member`, when the schema is a Hydra collection. */
  membersOf(schema: Schema | undefined): Schema | null {
    if (!schema) return null;
    const member = this.objectOf(schema).properties['hydra:member'];
    const items = member && (this.deref(member).items as Schema | undefined);
    return items && Object.keys(items).length > 0 ? items : null;
  }

  /** The class of a schema: its `@type` constant, else its name. */
  classNameOf(name: string | null, schema: Schema): string {
    const type = this.deref(this.objectOf(schema).properties['@type'] ?? {});
    const constant =
      type.const ?? (Array.isArray(type.enum) && type.enum.length === 1 ? type.enum[0] : undefined);
    if (typeof constant === 'string' && !constant.includes(':')) return constant;
    return name ?? 'Resource';
  }

  descriptionOf(schema: Schema): string | null {
    const text = schema.description ?? this.deref(schema).description;
    return typeof text === 'string' ? text.trim() : null;
  }

  /** The non-null branch of `oneOf: [null, X]` / `type: [X, 'null']`. */
  private nonNull(schema: Schema): Schema {
    const resolved = this.deref(schema);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = (resolved[key] as Schema[] | undefined)?.filter(
        (branch) => this.deref(branch).type !== 'null',
      );
      if (branches?.length === 1) return this.nonNull(branches[0]!);
    }
    return resolved;
  }

  /** The named object schema a property embeds (itself or as the items of an array). */
  embeddedSchema(schema: Schema): string | null {
    const direct = this.nonNullRef(schema);
    if (direct) return direct;
    const resolved = this.nonNull(schema);
    return resolved.items ? this.nonNullRef(resolved.items as Schema) : null;
  }

  private nonNullRef(schema: Schema): string | null {
    const name = this.refName(schema);
    if (name) return this.isObject(this.deref(schema)) ? name : null;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = (schema[key] as Schema[] | undefined)?.filter(
        (branch) => this.deref(branch).type !== 'null',
      );
      if (branches?.length === 1) return this.nonNullRef(branches[0]!);
    }
    return null;
  }

  private isObject(schema: Schema): boolean {
    return schema.type === 'object' || Array.isArray(schema.allOf) || !!schema.properties;
  }

  isToOne(schema: Schema): boolean {
    return this.nonNullRef(schema) !== null;
  }

  /** The class whose IRIs a string (or a list of strings) holds: its `x-link`. */
  linkTarget(schema: Schema): string | null {
    const resolved = this.nonNull(schema);
    const link = resolved['x-link'] ?? schema['x-link'];
    if (typeof link === 'string') return link;
    const types = [resolved.type].flat();
    return types.includes('array') && resolved.items
      ? this.linkTarget(resolved.items as Schema)
      : null;
  }

  /** `rdfs:range` as API Platform gives it: the XML Schema type, or the embedded class. */
  rangeOf(schema: Schema): string | null {
    const link = this.linkTarget(schema);
    if (link) return `#${link}`;
    const embedded = this.embeddedSchema(schema);
    if (embedded) return `#${this.classNameOf(embedded, this.schemas[embedded]!)}`;
    const resolved = this.nonNull(schema);
    const types = [resolved.type].flat().filter((t) => t !== 'null');
    const type = types.length === 1 ? types[0] : undefined;
    if (type === 'array') return resolved.items ? this.rangeOf(resolved.items as Schema) : null;
    if (type === 'integer') return `${XMLS}integer`;
    if (type === 'number') return `${XMLS}decimal`;
    if (type === 'boolean') return `${XMLS}boolean`;
    if (type === 'string') {
      if (resolved.format === 'date-time') return `${XMLS}dateTime`;
      if (resolved.format === 'date') return `${XMLS}date`;
      if (resolved.format === 'uri' || resolved.format === 'iri') return `${XMLS}anyURI`;
      return `${XMLS}string`;
    }
    return null;
  }
}

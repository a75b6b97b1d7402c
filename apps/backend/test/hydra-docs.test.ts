import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import { createTestContext, type TestContext } from './helpers/context.js';

/**
 * API Platform Admin builds its screens from `@api-platform/api-doc-parser`: run it, over HTTP,
 * on a started backend, and resolve every `@context` the answers name with `jsonld`, the
 * library the parser expands documents with.
 */

type JsonLdDocument = Record<string, unknown>;
interface JsonLd {
  expand(
    input: JsonLdDocument,
    options: { base: string; documentLoader: (url: string) => Promise<unknown> },
  ): Promise<unknown[]>;
}
const require = createRequire(import.meta.url);
const jsonld = createRequire(require.resolve('@api-platform/api-doc-parser'))('jsonld') as JsonLd;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

let ctx: TestContext;
let base: string;
let adminToken: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The instance's public URL is where it listens: the documentation is named after it.
  ctx = await createTestContext({ PUBLIC_URL: base });
  await ctx.main.listen({ port, host: '127.0.0.1' });
  adminToken = await ctx.login('admin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const contract = loadContract('main');
const schemas = (contract.document.components as { schemas: Record<string, Schema> }).schemas;
type Schema = Record<string, unknown>;
const deref = (schema: Schema): Schema =>
  typeof schema.$ref === 'string' ? deref(schemas[schema.$ref.split('/').pop()!]!) : schema;
const propertiesOf = (schema: Schema): Record<string, Schema> => {
  const resolved = deref(schema);
  return Object.assign(
    {},
    ...((resolved.allOf as Schema[] | undefined) ?? []).map(propertiesOf),
    resolved.properties ?? {},
  );
};

/** Entrypoint key → collection path. */
const collectionsOf = (entrypoint: Record<string, string>) =>
  Object.entries(entrypoint).filter(
    ([key, value]) => !/^@|:/.test(key) && key !== 'documentation' && value.startsWith('/'),
  );

/** The field names the contract gives the items of a collection. */
function itemFields(path: string): string[] {
  const operation = contract.operations.find((o) => o.method === 'GET' && o.path === path)!;
  const response = operation.definition.responses!['200'] as {
    content: Record<string, { schema: Schema }>;
  };
  const collection = propertiesOf(response.content['application/ld+json']!.schema);
  const items = deref(collection['hydra:member']!).items as Schema;
  return Object.keys(propertiesOf(items)).filter((name) => !name.startsWith('@'));
}

const fetchJson = async (path: string, token?: string) => {
  const response = await fetch(new URL(path, base), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, body: (await response.json()) as JsonLdDocument };
};

describe('Hydra API documentation', () => {
  it('is named by a Link header on the entrypoint, the collections and the errors', async () => {
    const expected = `<${base}/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;
    for (const [path, token] of [
      ['/', undefined],
      ['/news', adminToken],
      ['/users?page=2', adminToken],
      ['/nulle-part', undefined],
    ] as const) {
      const { response } = await fetchJson(path, token);
      expect(response.headers.get('link'), path).toBe(expected);
    }
    const docs = await fetch(`${base}/docs.jsonld`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^application\/ld\+json/);
  });

  it("lets API Platform's parser find every collection of the entrypoint with its fields", async () => {
    const { api } = await parseHydraDocumentation(base);
    const { body: entrypoint } = await fetchJson('/');
    const collections = collectionsOf(entrypoint as Record<string, string>);
    expect(collections.length).toBeGreaterThanOrEqual(25);
    expect(api.title).toBe(
      (contract.document as unknown as { info: { title: string } }).info.title,
    );

    for (const [name, path] of collections) {
      const resource = api.resources?.find((r) => r.url === `${base}${path}`);
      expect(resource, `${name} (${path})`).toBeDefined();
      const fields = resource!.fields?.map((field) => field.name) ?? [];
      expect(fields, path).toEqual(expect.arrayContaining(itemFields(path)));
      expect(fields.length, path).toBeGreaterThan(0);
      const list = resource!.operations?.find((o) => o.type === 'list');
      expect(list?.method, path).toBe('GET');
    }

    const byPath = (path: string) => api.resources!.find((r) => r.url === `${base}${path}`)!;
    const field = (path: string, name: string) =>
      byPath(path).fields!.find((f) => f.name === name)!;
    // Ranges come from the schemas: formats, scalar types, embedded classes.
    expect(field('/news', 'date').type).toBe('dateTime');
    expect(field('/news', 'displayed').type).toBe('boolean');
    expect(field('/news', 'id').type).toBe('integer');
    expect(field('/users', 'email').type).toBe('string');
    expect(field('/ventes_orions', 'consultant').embedded).toMatchObject({
      url: `${base}/consultants`,
    });
    // Writes: the request bodies of the collection and item operations.
    const news = byPath('/news');
    expect(news.operations?.map((o) => `${o.type} ${o.method}`)).toEqual(
      expect.arrayContaining([
        'list GET',
        'create POST',
        'show GET',
        'edit PATCH',
        'delete DELETE',
      ]),
    );
    expect(news.writableFields?.map((f) => f.name)).toEqual(
      expect.arrayContaining(['title', 'date', 'imageBank']),
    );
    expect(field('/news', 'title').required).toBe(true);
    expect(byPath('/profiles').writableFields?.map((f) => f.name)).toContain('title');
  });

  it('resolves every @context the collections and the errors answer with', async () => {
    const { body: entrypoint } = await fetchJson('/');
    const answers: JsonLdDocument[] = [entrypoint];
    for (const [, path] of collectionsOf(entrypoint as Record<string, string>)) {
      const response = await ctx.api('GET', path, { token: adminToken });
      expect(response.status, path).toBe(200);
      expect(String(response.body['@context']), path).toMatch(/^\/contexts\/\w+$/);
      answers.push(response.body);
    }
    const errors = [
      await ctx.api('GET', '/nulle-part'),
      await ctx.api('GET', '/news'),
      await ctx.api('GET', '/news?page=0', { token: adminToken }),
      await ctx.api('POST', '/profiles', {
        token: adminToken,
        body: { title: '  ', type: 'Hubnup' },
      }),
    ];
    expect(errors.map((e) => e.status)).toEqual([404, 401, 400, 422]);
    answers.push(...errors.map((e) => e.body as JsonLdDocument));

    const contexts = [...new Set(answers.map((answer) => answer['@context']))];
    expect(contexts).toEqual(
      expect.arrayContaining([
        '/contexts/Entrypoint',
        '/contexts/Error',
        '/contexts/ConstraintViolationList',
        '/contexts/News',
        '/contexts/Client',
      ]),
    );
    for (const context of contexts) {
      const { response, body } = await fetchJson(context as string);
      expect(response.status, String(context)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
      expect(body['@context'], String(context)).toMatchObject({
        '@vocab': `${base}/docs.jsonld#`,
        hydra: 'http://www.w3.org/ns/hydra/core#',
      });
    }

    // Every answer expands: its context resolves over HTTP and is a valid JSON-LD context.
    const documentLoader = async (url: string) => {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      return { contextUrl: null, documentUrl: url, document: await response.json() };
    };
    for (const answer of answers) {
      const [expanded] = await jsonld.expand(answer, { base, documentLoader });
      expect(expanded, String(answer['@context'])).toBeDefined();
    }
    const news = answers.find((a) => a['@context'] === '/contexts/News')!;
    const [expanded] = (await jsonld.expand(news, { base, documentLoader })) as JsonLdDocument[];
    expect(expanded!['@type']).toEqual(['http://www.w3.org/ns/hydra/core#Collection']);
    expect(expanded!['http://www.w3.org/ns/hydra/core#totalItems']).toBeDefined();
  });

  it('answers 404 to a context nobody emits', async () => {
    const response = await ctx.api('GET', '/contexts/Nothing');
    expect(response.status).toBe(404);
    expect(response.body['@type']).toBe('hydra:Error');
  });

  it('serves the contract with this instance as its server', async () => {
    const json = await ctx.api('GET', '/docs/openapi.json');
    expect(json.body.servers).toEqual([{ url: base }]);
    const yaml = await ctx.api('GET', '/docs/main.yaml');
    expect(yaml.text).toContain(`servers:\n  - url: ${base}\n`);
    expect(yaml.text).toMatch(/^# Generated from/);
  });
});

import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { parseHydraDocumentation, type Resource } from '@api-platform/api-doc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadContract } from '../src/contract.js';
import { registerDocs } from '../src/docs.js';
import { DEFAULT_SEED, seedNetwork } from '../src/seed/network.js';
import { createNewsItem, createPicture } from './helpers/communication.js';
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
  // A small network, so that every collection has members to look at.
  await seedNetwork(ctx.db, {
    scale: 0.04,
    seed: DEFAULT_SEED,
    dataDir: ctx.config.dataDir,
  });
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

/**
 * What API Platform Admin needs of each collection, read as it reads it (issue 39): the filters
 * and orders of `hydra:search`, members it can name, an item it can load for every one it can
 * edit, and relations it can offer as references.
 */
describe('API Platform Admin as a client', () => {
  const PAGING = new Set(['page', 'itemsPerPage', 'pagination']);
  /** The contract's filters and orders of a collection: its query parameters but paging. */
  const contractFilters = (path: string) => {
    const operation = contract.operations.find((o) => o.method === 'GET' && o.path === path)!;
    const parameters = [
      ...(((contract.document.paths[path] as { parameters?: unknown[] }).parameters ??
        []) as Schema[]),
      ...((operation.definition.parameters ?? []) as Schema[]),
    ].map(parameterOf);
    return parameters.filter((p) => p.in === 'query' && !PAGING.has(p.name)).map((p) => p.name);
  };
  const parameterOf = (parameter: Schema): { name: string; in: string } => {
    const ref = parameter.$ref;
    if (typeof ref !== 'string') return parameter as { name: string; in: string };
    const parameters = (contract.document.components as { parameters: Record<string, Schema> })
      .parameters;
    return parameterOf(parameters[ref.split('/').pop()!]!);
  };
  const headers = () => ({ Authorization: `Bearer ${adminToken}` });
  const isGenid = (iri: string) => iri.startsWith('/.well-known/genid/');
  const IRI = /^\/[a-z_]+(?:\/[a-z_]+)*\/\d+$/;

  it("serves each collection's filters and orders as hydra:search, generated from the contract", async () => {
    const { api } = await parseHydraDocumentation(base, { headers });
    const { body: entrypoint } = await fetchJson('/');
    const missing: string[] = [];
    for (const [, path] of collectionsOf(entrypoint as Record<string, string>)) {
      const resource = api.resources!.find((r) => r.url === `${base}${path}`)!;
      const parameters = await resource.getParameters!();
      const expected = contractFilters(path);
      const variables = parameters.map((p) => p.variable);
      if (JSON.stringify(variables) !== JSON.stringify(expected))
        missing.push(`${path}: ${JSON.stringify(variables)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(missing).toEqual([]);

    const { body: news } = await fetchJson('/news?order[date]=DESC', adminToken);
    expect(news['hydra:search']).toMatchObject({
      '@type': 'hydra:IriTemplate',
      'hydra:variableRepresentation': 'BasicRepresentation',
    });
    const search = news['hydra:search'] as {
      'hydra:template': string;
      'hydra:mapping': { variable: string; property: string; required: boolean }[];
    };
    expect(search['hydra:template']).toMatch(/^\/news\{\?[^}]*\btitle\b[^}]*\}$/);
    expect(search['hydra:mapping']).toEqual(
      expect.arrayContaining([
        { '@type': 'IriTemplateMapping', variable: 'title', property: 'title', required: false },
        {
          '@type': 'IriTemplateMapping',
          variable: 'order[date]',
          property: 'date',
          required: false,
        },
      ]),
    );
    // The admin offers the sort of the parameters it finds, and filters by their fields' range.
    const newsResource = api.resources!.find((r) => r.url === `${base}/news`)!;
    const parameters = await newsResource.getParameters!();
    expect(parameters.find((p) => p.variable === 'order[date]')?.range).toBe(
      'http://www.w3.org/2001/XMLSchema#dateTime',
    );
  });

  it('gives every member of every collection an @id and an @type', async () => {
    const { body: entrypoint } = await fetchJson('/');
    const problems: string[] = [];
    const empty: string[] = [];
    for (const [, path] of collectionsOf(entrypoint as Record<string, string>)) {
      const { body } = await fetchJson(path, adminToken);
      const members = body['hydra:member'] as Record<string, unknown>[];
      if (members.length === 0) empty.push(path);
      for (const member of members.slice(0, 5)) {
        if (typeof member['@id'] !== 'string' || typeof member['@type'] !== 'string')
          problems.push(`${path}: ${JSON.stringify(Object.keys(member))}`);
      }
      const ids = members.map((m) => m['@id']);
      if (new Set(ids).size !== ids.length) problems.push(`${path}: duplicate @id`);
    }
    expect(problems).toEqual([]);
    // Only these are empty for the administrator on the seeded network: his own news and
    // notification entries (an agent's), impersonations, jobs and the audit trail (none yet).
    expect(empty.sort()).toEqual(
      [
        '/administration/audit',
        '/administration/impersonations',
        '/jobs',
        '/news_list/user',
        '/notification_lists',
      ].sort(),
    );
    for (const path of ['/invoices/periods', '/sso/partners', '/odysseal/roles']) {
      const { body } = await fetchJson(path, adminToken);
      const [first] = body['hydra:member'] as Record<string, string>[];
      expect(first?.['@id'], path).toMatch(/^\/\.well-known\/genid\/[0-9a-f]+$/);
    }
  });

  it('answers GET on every item IRI a collection hands out, and documents it for every editable class', async () => {
    const { api } = await parseHydraDocumentation(base, { headers });
    const withoutShow = api
      .resources!.filter((r) => r.operations?.some((o) => o.type === 'edit'))
      .filter((r) => !r.operations?.some((o) => o.type === 'show'))
      .map((r) => r.url);
    expect(withoutShow).toEqual([]);

    const { body: entrypoint } = await fetchJson('/');
    const unreadable: string[] = [];
    // Every IRI of the first member, embedded ones included, once per kind of path.
    const kinds = new Set<string>();
    const irisIn = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(irisIn)
        : typeof value === 'object' && value !== null
          ? Object.entries(value).flatMap(([key, v]) =>
              key === '@id' && typeof v === 'string' ? [v] : irisIn(v),
            )
          : [];
    for (const [, path] of collectionsOf(entrypoint as Record<string, string>)) {
      const { body } = await fetchJson(path, adminToken);
      for (const iri of irisIn((body['hydra:member'] as unknown[])[0])) {
        const kind = iri.replace(/\/[^/]+$/, '/{id}');
        if (isGenid(iri) || kinds.has(kind)) continue;
        kinds.add(kind);
        const item = await ctx.api('GET', iri, { token: adminToken });
        if (item.status !== 200 || item.body['@id'] !== iri)
          unreadable.push(`${iri} (from ${path}): ${item.status}`);
      }
    }
    expect(kinds.size).toBeGreaterThanOrEqual(20);
    expect(unreadable).toEqual([]);
    for (const path of [
      '/notifications',
      '/administrations',
      '/components',
      '/image_banks',
      '/notification_rules',
    ])
      expect(byUrl(api, path).operations?.map((o) => o.type)).toContain('show');
  });

  it('describes relations as hydra:Link with their range, and IRIs as @id in the contexts', async () => {
    const { api } = await parseHydraDocumentation(base, { headers });
    const { body: entrypoint } = await fetchJson('/');
    const problems: string[] = [];
    for (const [, path] of collectionsOf(entrypoint as Record<string, string>)) {
      const { body } = await fetchJson(path, adminToken);
      const members = body['hydra:member'] as Record<string, unknown>[];
      if (members.length === 0) continue;
      const resource = byUrl(api, path);
      const { body: context } = await fetchJson(String(body['@context']));
      const terms = context['@context'] as Record<string, unknown>;
      for (const [name, value] of Object.entries(members[0]!)) {
        if (name.startsWith('@')) continue;
        const values = [value].flat();
        const iris = values.length > 0 && values.every((v) => typeof v === 'string' && IRI.test(v));
        if (!iris) continue;
        const field = resource.fields?.find((f) => f.name === name);
        if (!field?.reference) problems.push(`${path} ${name}: not a hydra:Link`);
        if ((terms[name] as { '@type'?: string } | undefined)?.['@type'] !== '@id')
          problems.push(`${path} ${name}: not @type @id in ${String(body['@context'])}`);
      }
    }
    expect(problems).toEqual([]);
    const reference = (path: string, name: string) =>
      byUrl(api, path).fields!.find((f) => f.name === name)!.reference as { url: string } | null;
    expect(reference('/notifications', 'profilesToNotify')?.url).toBe(`${base}/profiles`);
    expect(reference('/news', 'profilesToNotify')?.url).toBe(`${base}/profiles`);
    expect(reference('/components', 'profiles')?.url).toBe(`${base}/profiles`);
    // A writable embedded relation is a reference too: the admin offers a picker for it.
    expect(reference('/news', 'imageBank')?.url).toBe(`${base}/image_banks`);
  });

  it('takes back an embedded relation as it was received, or its IRI', async () => {
    const created = await createNewsItem(ctx, adminToken, {
      profilesToNotify: [
        (await ctx.api('GET', '/profiles?type=Mandataire', { token: adminToken })).body[
          'hydra:member'
        ][0]['@id'],
      ],
    });
    const { '@id': iri, imageBank, profilesToNotify } = created;
    // The edit page sends the whole record back, the embedded picture included.
    const edited = await ctx.api('PATCH', iri, {
      token: adminToken,
      headers: { 'content-type': 'application/merge-patch+json' },
      body: { ...created, title: 'Relation renvoyée (2)' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.imageBank).toEqual(imageBank);
    expect(edited.body.profilesToNotify).toEqual(profilesToNotify);
    const other = await createPicture(ctx, adminToken, 'Autre visuel');
    const embedded = await ctx.api('PATCH', iri, {
      token: adminToken,
      headers: { 'content-type': 'application/merge-patch+json' },
      body: { imageBank: other },
    });
    expect(embedded.status, JSON.stringify(embedded.body)).toBe(200);
    expect(embedded.body.imageBank['@id']).toBe(other['@id']);
  });

  it('names the documentation after the request without PUBLIC_URL, after PUBLIC_URL with it', async () => {
    const link = (origin: string) =>
      `<${origin}/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;
    const host = { host: 'admin.portail.test:8443' };
    // PUBLIC_URL unset: the default (http://localhost:PORT) is not where a proxied client is.
    const bare = Fastify();
    await registerDocs(bare, contract, { publicUrl: 'http://localhost:3000', fromRequest: true });
    try {
      const entry = await bare.inject({ method: 'GET', url: '/', headers: host });
      expect(entry.headers.link).toBe(link('http://admin.portail.test:8443'));
      const context = await bare.inject({ method: 'GET', url: '/contexts/News', headers: host });
      expect(context.json()['@context']['@vocab']).toBe(
        'http://admin.portail.test:8443/docs.jsonld#',
      );
      // A Host that is no host name is not echoed.
      const odd = await bare.inject({ method: 'GET', url: '/', headers: { host: 'a>b' } });
      expect(odd.headers.link).toBe(link('http://localhost:3000'));
    } finally {
      await bare.close();
    }
    // PUBLIC_URL set (this suite's instance): the operator's address, whatever the Host.
    const fixed = await ctx.main.inject({ method: 'GET', url: '/', headers: host });
    expect(fixed.headers.link).toBe(link(base));
  });

  it('pages /components when asked', async () => {
    const all = await ctx.api('GET', '/components', { token: adminToken });
    const page = await ctx.api('GET', '/components?page=2&itemsPerPage=5', { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body['hydra:totalItems']).toBe(all.body['hydra:totalItems']);
    expect(page.body['hydra:member'].map((c: { id: number }) => c.id)).toEqual(
      all.body['hydra:member'].slice(5, 10).map((c: { id: number }) => c.id),
    );
    expect(page.body['hydra:view']['hydra:next']).toBe('/components?itemsPerPage=5&page=3');
  });
});

const byUrl = (api: { resources?: Resource[] | null }, path: string) =>
  api.resources!.find((r) => r.url === `${base}${path}`)!;

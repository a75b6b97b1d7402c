import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkHandlers,
  declared,
  handWritten,
  loadContract,
  originOf,
  registerContractRoutes,
  wrapping,
  type Handler,
} from '../src/contract.js';
import { mainHandlers, trainingHandlers } from '../src/handlers/index.js';
import type { Deps } from '../src/deps.js';
import { ResponseChecker } from './helpers/contract.js';
import { createTestContext, type TestContext } from './helpers/context.js';

const ok: Handler<unknown> = handWritten('a stub of the router tests', async () => ({
  status: 200,
  body: {},
}));
const allMainHandlers = () =>
  Object.fromEntries(loadContract('main').operations.map((o) => [o.operationId, ok]));
const register = (handlers: Record<string, Handler<unknown>>) =>
  registerContractRoutes(Fastify(), {
    contract: loadContract('main'),
    handlers,
    authenticate: async () => ({}),
  });

describe('contract router', () => {
  it('maps every operation to a Fastify route', () => {
    const routes = loadContract('main').operations.map(
      (o) => `${o.method} ${o.url} ${o.requiresAuth}`,
    );
    expect(routes).toContain('POST /token false');
    expect(routes).toContain('GET /cgp/:id true');
    expect(routes).toContain('POST /reset_password_tokens/:token false');
    expect(routes).toContain('GET /me true');
  });

  it('refuses to start when an operation has no handler', () => {
    const { getCgp: _getCgp, ...handlers } = allMainHandlers();
    expect(() => register(handlers)).toThrow(/no handler for operation getCgp/);
  });

  it('refuses to start when a handler matches no operation', () => {
    expect(() => register({ ...allMainHandlers(), deleteEverything: ok })).toThrow(
      /handler deleteEverything matches no operation/,
    );
  });

  it('refuses to start on a handler neither declared nor with a reason', () => {
    const unexplained: Handler<unknown> = async () => ({ status: 200, body: {} });
    expect(() =>
      register({ ...allMainHandlers(), getCgp: unexplained, listNews: unexplained }),
    ).toThrow(
      /handler getCgp is neither declared nor has a reason; handler listNews is neither declared nor has a reason/,
    );
    expect(() => handWritten(' ', async () => ({ status: 204 }))).toThrow(/states its reason/);
  });

  it('accepts a declared handler, and a wrapper keeps its origin', () => {
    const layer = declared<unknown>(async () => ({ status: 200, body: {} }));
    expect(() => register({ ...allMainHandlers(), getCgp: layer })).not.toThrow();
    expect(originOf(layer)).toBe('declared');
    expect(originOf(ok)).toBe('a stub of the router tests');
    expect(originOf(wrapping(layer, async () => ({ status: 204 })))).toBe('declared');
  });

  it("states every hand-written handler's reason, beside the layer's declared ones", () => {
    // The handlers are only built, never run: no dependency is touched.
    const deps = {} as Deps;
    for (const [name, handlers] of [
      ['main', mainHandlers(deps)],
      ['training', trainingHandlers(deps)],
    ] as const)
      expect(() => checkHandlers(loadContract(name), handlers)).not.toThrow();
  });

  it('accepts exactly one handler per operation', () => {
    const handlers = {
      listTrainingModels: ok,
      listMyTrainingHistory: ok,
      getMyTrainingTotal: ok,
      exportMyTrainingHistory: ok,
    };
    expect(() => checkHandlers(loadContract('training'), handlers)).not.toThrow();
  });
});

describe('response checker', () => {
  const checker = new ResponseChecker('main');
  const base = { method: 'GET', url: '/cgp/CGP0001', contentType: 'application/ld+json' };

  it('fails on an undocumented status', () => {
    expect(() => checker.check({ ...base, statusCode: 418, body: '{}' })).toThrow(/not documented/);
  });

  it('fails on a body that does not match the schema', () => {
    const body = JSON.stringify({ '@id': '/cgp/1', '@type': 'Cgp', agent: { idCgp: 1 } });
    expect(() => checker.check({ ...base, statusCode: 200, body })).toThrow(/does not match/);
  });

  it('understands OpenAPI 3.1 nullable types', () => {
    const hydra = JSON.stringify({
      '@type': 'ConstraintViolationList',
      'hydra:title': 't',
      'hydra:description': 'd',
    });
    const violation = (code: unknown) =>
      JSON.stringify({
        ...JSON.parse(hydra),
        violations: [{ propertyPath: 'email', message: 'm', code }],
      });
    const call = {
      method: 'POST',
      url: '/token',
      statusCode: 422,
      contentType: 'application/ld+json',
    };
    expect(() => checker.check({ ...call, body: violation(null) })).not.toThrow();
    expect(() => checker.check({ ...call, body: violation(42) })).toThrow(/does not match/);
  });
});

describe('bad input never causes a 500', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answers a Hydra 404 to an unknown route', async () => {
    const response = await ctx.api('GET', '/nulle-part');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.body).toMatchObject({ '@context': '/contexts/Error', '@type': 'hydra:Error' });
  });

  it('answers a Hydra 405 with Allow to a method the path is not served with', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/news', 'GET, POST'],
      ['PUT', '/news/12?x=1', 'DELETE, GET, PATCH'],
      ['POST', '/', 'GET'],
      ['PATCH', '/docs.jsonld', 'GET'],
      ['DELETE', '/contexts/News', 'GET'],
    ] as const) {
      const response = await ctx.api(method, url);
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(response.body).toMatchObject({
        '@context': '/contexts/Error',
        '@type': 'hydra:Error',
      });
      expect(response.body['hydra:description']).toBe(
        `La méthode ${method} n'est pas autorisée pour ${url.split('?')[0]} (méthodes acceptées : ${allow}).`,
      );
    }
    // HEAD goes with GET; a path nothing serves stays a 404.
    expect((await ctx.main.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    expect((await ctx.api('DELETE', '/nulle-part')).status).toBe(404);
  });

  it('answers 400 to a body that is not the object the operation takes', async () => {
    for (const raw of ['null', '[]', '"texte"', '42']) {
      const response = await ctx.api('POST', '/token', { raw });
      expect(response.status, raw).toBe(400);
      expect(response.body['@type'], raw).toBe('hydra:Error');
    }
  });

  it('answers 422 with one French violation per field to a well-formed body out of the contract', async () => {
    const response = await ctx.api('POST', '/token', {
      raw: '{"email":"a@b.fr","password":null,"extra":1}',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      '@context': '/contexts/ConstraintViolationList',
      '@type': 'ConstraintViolationList',
      'hydra:description':
        "extra: Ce champ n'est pas autorisé.\npassword: Cette valeur doit être un texte.",
      violations: [
        {
          propertyPath: 'extra',
          message: "Ce champ n'est pas autorisé.",
          code: 'additionalProperties',
        },
        { propertyPath: 'password', message: 'Cette valeur doit être un texte.', code: 'type' },
      ],
    });
    const missing = await ctx.api('POST', '/token', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.violations).toEqual([
      { propertyPath: 'email', message: 'Ce champ est obligatoire.', code: 'required' },
      { propertyPath: 'password', message: 'Ce champ est obligatoire.', code: 'required' },
    ]);
  });

  it('answers 422 to a value longer than the contract allows', async () => {
    const response = await ctx.api('POST', '/reset_password_tokens', {
      body: { email: `${'a'.repeat(200)}@b.fr` },
    });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual([
      {
        propertyPath: 'email',
        message: 'Cette valeur doit contenir au plus 180 caractère(s).',
        code: 'maxLength',
      },
    ]);
  });

  it('answers 400 to an out-of-contract path parameter', async () => {
    const token = await ctx.login('admin@reseau-patrimoine.fr');
    const response = await ctx.api('GET', `/cgp/${'X'.repeat(40)}`, { token });
    expect(response.status).toBe(400);
    expect(response.body['@type']).toBe('hydra:Error');
  });

  it('answers 415 in Hydra to an unsupported content type', async () => {
    const response = await ctx.main.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
  });
});

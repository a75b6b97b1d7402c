import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('training API', () => {
  it('lists the models as a Hydra collection with the main token', async () => {
    const token = await ctx.login('claire.martin@reseau-patrimoine.fr');
    const response = await ctx.trainingApi('GET', '/api/models', { token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.body['hydra:totalItems']).toBe(response.body['hydra:member'].length);
    expect(response.body['hydra:member']).toContainEqual(
      expect.objectContaining({ name: 'Convention annuelle du réseau', category: 'EVENT' }),
    );
  });

  it('requires a token', async () => {
    const response = await ctx.trainingApi('GET', '/api/models');
    expect(response.status).toBe(401);
  });

  it('forbids a disabled user', async () => {
    const token = await ctx.login('paul.durand@reseau-patrimoine.fr');
    expect((await ctx.trainingApi('GET', '/api/models', { token })).status).toBe(403);
  });

  it('does not serve the main API', async () => {
    expect((await ctx.trainingApi('POST', '/token', { body: {} })).status).toBe(404);
  });
});

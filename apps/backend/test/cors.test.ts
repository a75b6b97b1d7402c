import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('CORS', () => {
  it('echoes an allowed origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5174']) {
      const response = await ctx.api('GET', '/me', { headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      // Exports name their file in Content-Disposition: the apps must be able to read it; and
      // the request id, which a user can quote to support.
      expect(response.headers['access-control-expose-headers']).toBe(
        'Content-Disposition, Link, X-Request-Id',
      );
    }
  });

  it('does not allow another origin', async () => {
    const response = await ctx.api('GET', '/me', { headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights with the allowed methods and headers', async () => {
    const response = await ctx.main.inject({
      method: 'OPTIONS',
      url: '/token',
      headers: {
        origin: 'http://localhost:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('applies to the training API too', async () => {
    const response = await ctx.trainingApi('GET', '/api/models', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});

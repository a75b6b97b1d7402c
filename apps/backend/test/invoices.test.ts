import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  agent = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const labels = (body: { 'hydra:member': { label: string }[] }) =>
  body['hydra:member'].map((row) => row.label);

describe('GET /invoices (Mes Factures)', () => {
  it('pages, filters and sorts the list', async () => {
    const all = await ctx.api('GET', '/invoices?itemsPerPage=2', { token: agent });
    expect(all.status).toBe(200);
    expect(all.body['hydra:totalItems']).toBe(3);
    expect(labels(all.body)).toEqual(['Deuxième', 'Premier']);
    const some = await ctx.api('GET', '/invoices?label=prem&order[label]=desc', { token: agent });
    expect(labels(some.body)).toEqual(['Premier']);
  });
});

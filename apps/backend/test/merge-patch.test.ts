import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.js';
import { customers, users } from '../src/db/schema.js';
import { HttpError } from '../src/http/errors.js';
import { clients } from '../src/resources/clients.js';
import { mergePatch } from '../src/resources/merge-patch.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertSalesFixture, type SalesFixture } from './helpers/sales-fixture.js';

// The layer's merge-patch, on the customers resource, against the real database.

let ctx: TestContext;
let fixture: SalesFixture;
let claire: Principal;
beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await insertSalesFixture(ctx.db);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, 'claire.martin@reseau-patrimoine.fr'));
  claire = {
    user: user!,
    claims: { sub: String(user!.id), roles: user!.roles, username: user!.email, sid: 'test' },
  };
});
afterAll(() => ctx?.close());

const ownCustomer = () => fixture.customers.find((c) => c.agentCgp === 'CGP0001')!;
const patch = (id: number, body: unknown, principal = claire) =>
  mergePatch(clients, id, body, { db: ctx.db, principal, query: {} });
const row = async (id: number) =>
  (await ctx.db.select().from(customers).where(eq(customers.id, id)))[0]!;
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
};

describe('merge-patch', () => {
  it('changes the keys present and leaves the absent ones untouched', async () => {
    const { id } = ownCustomer();
    await patch(id, { email: 'before@example.fr', phone: '0102030405' });
    const answer = await patch(id, { email: 'after@example.fr' });
    expect(answer.email).toBe('after@example.fr');
    expect(answer.phone).toBe('0102030405');
    const stored = await row(id);
    expect(stored.email).toBe('after@example.fr');
    expect(stored.phone).toBe('0102030405');
    expect(stored.lastName).toBe(ownCustomer().lastName);
  });

  it('clears a nullable field on null', async () => {
    const { id } = ownCustomer();
    await patch(id, { phone: '0102030405' });
    const answer = await patch(id, { phone: null });
    expect(answer.phone).toBeNull();
    expect((await row(id)).phone).toBeNull();
  });

  it('merges nested objects key by key, and null on an object clears its fields', async () => {
    const { id } = ownCustomer();
    await patch(id, { address: { zipCode: '69001', city: 'Lyon' } });
    await patch(id, { address: { city: 'Villeurbanne' } });
    expect(await row(id)).toMatchObject({ zipCode: '69001', city: 'Villeurbanne' });
    await patch(id, { address: null });
    expect(await row(id)).toMatchObject({ zipCode: null, city: null });
  });

  it('answers 422 with every violation and changes nothing', async () => {
    const { id } = ownCustomer();
    const before = await row(id);
    const error = await failure(patch(id, { lastName: null, email: 42, phone: '0600000000' }));
    expect(error.statusCode).toBe(422);
    expect(error.violations?.map((v) => v.propertyPath).sort()).toEqual(['email', 'lastName']);
    expect(error.violations?.find((v) => v.propertyPath === 'lastName')?.message).toBe(
      'Cette valeur ne doit pas être nulle.',
    );
    expect(await row(id)).toEqual(before);
  });

  it('ignores unknown and read-only keys', async () => {
    const { id } = ownCustomer();
    const before = await row(id);
    const answer = await patch(id, { clientId: 'HACKED', agentId: 1, colour: 'blue' });
    expect(answer.clientId).toBe(before.clientId);
    expect(await row(id)).toEqual(before);
  });

  it('ignores keys inherited from Object.prototype, __proto__ included', async () => {
    const { id } = ownCustomer();
    const before = await row(id);
    const body = JSON.parse(
      '{"constructor":"x","toString":1,"__proto__":{"email":"p@example.fr"}}',
    );
    await patch(id, body);
    expect(await row(id)).toEqual(before);
    expect(({} as { email?: string }).email).toBeUndefined();
  });

  it('answers 404 for a missing item or one outside the caller scope', async () => {
    const foreign = fixture.customers.find((c) => c.agentCgp === 'CGP0099')!;
    expect((await failure(patch(foreign.id, { email: 'x@example.fr' }))).statusCode).toBe(404);
    expect((await row(foreign.id)).email).toBeNull();
    expect((await failure(patch(999_999, { email: 'x@example.fr' }))).statusCode).toBe(404);
  });

  it('refuses a body that is not an object', async () => {
    const { id } = ownCustomer();
    expect((await failure(patch(id, [1, 2]))).statusCode).toBe(400);
    expect((await failure(patch(id, null))).statusCode).toBe(400);
  });
});

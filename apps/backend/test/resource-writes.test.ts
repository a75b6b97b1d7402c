import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.js';
import { imageBanks, news, users } from '../src/db/schema.js';
import { HttpError } from '../src/http/errors.js';
import { createItem, deleteItem } from '../src/resources/create-delete.js';
import { imageBanksResource } from '../src/resources/image-banks.js';
import { newsResource } from '../src/resources/news.js';
import { CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createNewsItem, multipart, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

// The layer's generic creation and deletion, against the real database.

let ctx: TestContext;
let staffToken: string;
let staff: Principal;
let agent: Principal;
beforeAll(async () => {
  ctx = await createTestContext();
  staffToken = await ctx.login(COMMUNICATION);
  staff = await principal(COMMUNICATION);
  agent = await principal(CLAIRE);
});
afterAll(() => ctx?.close());

async function principal(email: string): Promise<Principal> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return {
    user: user!,
    claims: { sub: String(user!.id), roles: user!.roles, username: user!.email, sid: 'test' },
  };
}

const request = (who: Principal) => ({ db: ctx.db, principal: who, query: {} });
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
};
const imageCount = async () => (await ctx.db.select({ n: count() }).from(imageBanks))[0]!.n;

async function uploadedPicture(): Promise<string> {
  const upload = await ctx.api('POST', '/media_objects', {
    token: staffToken,
    ...(await multipart('file', samplePng(), 'visuel.png')),
  });
  return upload.body['@id'] as string;
}

describe('createItem', () => {
  it('reports every missing or invalid writable property at once, as POST /image_banks does', async () => {
    for (const body of [
      { title: null, mediaObject: null },
      { title: ' ', mediaObject: '' },
      { title: 'Visuel', mediaObject: '/media_objects/999999' },
    ]) {
      const generic = await failure(createItem(imageBanksResource, body, request(staff)));
      const http = await ctx.api('POST', '/image_banks', { token: staffToken, body });
      expect(generic.statusCode).toBe(422);
      expect(http.status).toBe(422);
      expect(generic.violations).toEqual(
        http.body.violations.map((v: { propertyPath: string; message: string }) => ({
          propertyPath: v.propertyPath,
          message: v.message,
        })),
      );
    }
  });

  it('inserts the writable properties, ignores the others and answers the item', async () => {
    const mediaObject = await uploadedPicture();
    const created = await createItem(
      imageBanksResource,
      { title: '  Visuel générique ', mediaObject, id: 999999, createdAt: '2000-01-01' },
      request(staff),
    );
    expect(created).toMatchObject({
      '@type': 'ImageBank',
      title: 'Visuel générique',
      mediaObject: { '@id': mediaObject },
    });
    expect(created.id).not.toBe(999999);
    expect(created.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    // The generic creation accepts what the contract's body allows, without it.
    expect((await failure(createItem(imageBanksResource, {}, request(staff)))).violations).toEqual([
      { propertyPath: 'title', message: 'Ce champ est obligatoire.' },
      { propertyPath: 'mediaObject', message: 'Ce champ est obligatoire.' },
    ]);
    const listed = await ctx.api('GET', '/image_banks?title=g%C3%A9n%C3%A9rique', {
      token: staffToken,
    });
    expect(listed.body['hydra:member']).toEqual([created]);
  });

  it('keeps nothing the caller could not see afterwards (404)', async () => {
    const before = await imageCount();
    const hidden = { ...imageBanksResource, scope: () => Promise.resolve(sql`false`) };
    const error = await failure(
      createItem(
        hidden,
        { title: 'Invisible', mediaObject: await uploadedPicture() },
        request(staff),
      ),
    );
    expect(error.statusCode).toBe(404);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a body that is not an object (400)', async () => {
    expect((await failure(createItem(imageBanksResource, [], request(staff)))).statusCode).toBe(
      400,
    );
  });
});

describe('deleteItem', () => {
  it('deletes inside the scope only; outside or missing is a 404 and nothing is deleted', async () => {
    const hidden = await createNewsItem(ctx, staffToken, { displayed: false });
    // Agents only see displayed news: the hidden one is outside Claire's scope.
    expect((await failure(deleteItem(newsResource, hidden.id, request(agent)))).statusCode).toBe(
      404,
    );
    expect(await ctx.db.select().from(news).where(eq(news.id, hidden.id))).toHaveLength(1);
    await deleteItem(newsResource, hidden.id, request(staff));
    expect(await ctx.db.select().from(news).where(eq(news.id, hidden.id))).toHaveLength(0);
    expect((await failure(deleteItem(newsResource, hidden.id, request(staff)))).statusCode).toBe(
      404,
    );
  });
});

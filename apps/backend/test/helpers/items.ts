import { expect } from 'vitest';
import type { TestContext } from './context.js';

/**
 * Every IRI a collection hands out answers GET (issue 39): the first members of `listPath`,
 * read back by their `@id` as `token`, are the same resource; an unknown id is a French 404;
 * `refused` (a caller without the collection's components) gets the collection's 403.
 */
export async function expectItemsReadable(
  ctx: TestContext,
  listPath: string,
  token: string,
  refused?: string,
): Promise<void> {
  const list = await ctx.api('GET', listPath, { token });
  expect(list.status).toBe(200);
  const members = (list.body['hydra:member'] as Record<string, unknown>[]).slice(0, 3);
  expect(members.length, listPath).toBeGreaterThan(0);
  for (const member of members) {
    const item = await ctx.api('GET', String(member['@id']), { token });
    expect(item.status, String(member['@id'])).toBe(200);
    expect(item.body).toMatchObject({
      '@id': member['@id'],
      '@type': member['@type'],
      id: member.id,
    });
    if (refused)
      expect((await ctx.api('GET', String(member['@id']), { token: refused })).status).toBe(403);
  }
  const unknown = String(members[0]!['@id']).replace(/[^/]+$/, '2147483647');
  const missing = await ctx.api('GET', unknown, { token });
  expect(missing.status).toBe(404);
  expect(missing.body['hydra:description']).toBe("La ressource demandée n'existe pas.");
}

import { and, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors.js';
import { fromOf, selectFrom, withJoins } from './query.js';
import type { AnyResourceSpec, RequestContext } from './types.js';

/** One item the caller may see, or a Hydra 404 (an item out of scope is answered as missing). */
export async function item<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  id: number,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  const scope = await resource.scope(request);
  const query = withJoins(
    selectFrom(request.db, resource.fields, await fromOf(resource, request)),
    resource,
    Object.keys(resource.joins),
  ).where(and(sql`${resource.id} = ${id}`, scope));
  const found = (await query) as Row[];
  const [row] = resource.expand && found.length > 0 ? await resource.expand(found, request) : found;
  if (!row) throw notFound();
  return resource.serialize(row);
}

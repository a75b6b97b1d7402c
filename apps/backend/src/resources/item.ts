import { and, eq } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors.js';
import { withJoins } from './collection.js';
import type { RequestContext, ResourceSpec } from './types.js';

/** One item the caller may see, or a Hydra 404 (an item out of scope is answered as missing). */
export async function item<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  id: number,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  const scope = await resource.scope(request);
  const query = withJoins(
    request.db.select(resource.fields).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    Object.keys(resource.joins),
  ).where(and(eq(resource.id, id), scope));
  const found = (await query) as Row[];
  const [row] = resource.expand && found.length > 0 ? await resource.expand(found, request) : found;
  if (!row) throw notFound();
  return resource.serialize(row);
}

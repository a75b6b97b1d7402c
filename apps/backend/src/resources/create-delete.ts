import { and, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { auditing, recordBefore } from '../access/audit.js';
import { assertNoViolations, badRequest, notFound } from '../http/errors.js';
import { item, writableIds } from './item.js';
import type { RequestContext, ResourceSpec, WritableResourceSpec } from './types.js';
import { byPropertyKey, creationEntries, parseWritable } from './writable.js';

/**
 * `POST` on a collection, as API Platform does: the `writable` properties of the body (unknown
 * and read-only keys ignored), every violation at once in a 422, then the resource's `validate`;
 * answers the new item as `GET /{id}` would. An item the caller could not see afterwards
 * (outside his scope) is not kept: 404, nothing written.
 */
export async function createItem<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  body: unknown,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Le corps de la requête doit être un objet JSON.');
  const input = body as Record<string, unknown>;
  const writable = resource.writable ?? {};
  const { entries, missing } = creationEntries(input, writable);
  const { changes, violations } = await parseWritable(entries, writable, request, true);
  // Reported in the order the resource declares its properties.
  const order = Object.keys(writable);
  assertNoViolations(
    [...missing, ...violations].sort(
      (a, b) => order.indexOf(a.propertyPath) - order.indexOf(b.propertyPath),
    ),
  );
  if (resource.validate) assertNoViolations(resource.validate(input));
  return request.db.transaction(async (tx) => {
    const [row] = (await tx
      .insert(resource.table)
      .values(byPropertyKey(resource, changes))
      .returning({ id: resource.id })) as { id: number }[];
    return item(resource, row!.id, { ...request, db: tx });
  });
}

/** `DELETE` of an item inside the caller's write scope; missing or out of it: 404. */
export async function deleteItem<Fields extends SelectedFields, Row>(
  resource: WritableResourceSpec<Fields, Row>,
  id: number,
  request: RequestContext,
): Promise<void> {
  // The audit trail's before, from the row as it was (`access/audit.ts`); read only then.
  if (auditing()) {
    const current = await item(resource, id, request).catch(() => undefined);
    if (current) recordBefore(current);
  }
  const deleted = await request.db
    .delete(resource.table)
    .where(
      and(
        eq(resource.id, id),
        inArray(resource.id, (await writableIds(resource, id, request)).ids),
      ),
    )
    .returning({ id: resource.id });
  if (deleted.length === 0) throw notFound();
}

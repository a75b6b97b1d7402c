import { and, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { recordBefore } from '../access/audit.js';
import { assertNoViolations, badRequest } from '../http/errors.js';
import { item, requireWritable, writableIds } from './item.js';
import type { RequestContext, WritableResourceSpec } from './types.js';
import { byPropertyKey, parseWritable } from './writable.js';

/**
 * RFC 7396 merge-patch: absent keys are left untouched, null clears, nested objects merge
 * key by key. Unknown or read-only keys are ignored, as API Platform does; invalid values
 * are a 422 listing every violation. An item outside the caller's write scope is a 404, even
 * one he may read.
 */
export async function mergePatch<Fields extends SelectedFields, Row>(
  resource: WritableResourceSpec<Fields, Row>,
  id: number,
  patch: unknown,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw badRequest('Le corps d’un merge-patch doit être un objet JSON.');
  }
  await requireWritable(resource, id, request);
  const current = await item(resource, id, request);
  // The audit trail's before, from the row as it was (`access/audit.ts`).
  recordBefore(current);
  const writable = resource.writable ?? {};
  const entries = flatten(patch as Record<string, unknown>, writable);
  const { changes, violations } = await parseWritable(entries, writable, request, false);
  assertNoViolations(violations);
  if (resource.validate) assertNoViolations(resource.validate(mergedView(current, patch)));
  if (Object.keys(changes).length === 0) return current;

  await request.db
    .update(resource.table)
    .set(byPropertyKey(resource, changes))
    .where(
      and(
        eq(resource.id, id),
        inArray(resource.id, (await writableIds(resource, id, request)).ids),
      ),
    );
  return item(resource, id, request);
}

/** The writable paths a patch touches; `{address: null}` touches every `address.*` field. */
function flatten(
  patch: Record<string, unknown>,
  writable: Record<string, unknown>,
  prefix = '',
): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(patch)) {
    const path = prefix + key;
    if (Object.hasOwn(writable, path)) entries.push([path, value]);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      entries.push(...flatten(value as Record<string, unknown>, writable, `${path}.`));
    else if (value === null)
      for (const nested of Object.keys(writable).filter((w) => w.startsWith(`${path}.`)))
        entries.push([nested, null]);
  }
  return entries;
}

function mergedView(target: unknown, patch: unknown): Record<string, unknown> {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
    return patch as Record<string, unknown>;
  const base =
    target && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__') continue;
    if (value === null) delete base[key];
    else base[key] = mergedView(base[key], value);
  }
  return base;
}

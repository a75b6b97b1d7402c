import { and, eq, getTableColumns } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { assertNoViolations, badRequest, type Violation } from '../http/errors.js';
import { item } from './item.js';
import type { RequestContext, ResourceSpec } from './types.js';

const NOT_NULL = 'Cette valeur ne doit pas être nulle.';

/**
 * RFC 7396 merge-patch: absent keys are left untouched, null clears, nested objects merge
 * key by key. Unknown or read-only keys are ignored, as API Platform does; invalid values
 * are a 422 listing every violation.
 */
export async function mergePatch<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  id: number,
  patch: unknown,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw badRequest('Le corps d’un merge-patch doit être un objet JSON.');
  }
  const current = await item(resource, id, request);
  const writable = resource.writable ?? {};
  const changes: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const [path, value] of flatten(patch as Record<string, unknown>, writable)) {
    const field = writable[path]!;
    if (value === null) {
      if (field.nullable) changes[field.column.name] = null;
      else violations.push({ propertyPath: path, message: NOT_NULL });
      continue;
    }
    const parsed = field.parse(value);
    if ('violation' in parsed) violations.push({ propertyPath: path, message: parsed.violation });
    else changes[field.column.name] = parsed.value;
  }
  assertNoViolations(violations);
  if (resource.validate) assertNoViolations(resource.validate(mergedView(current, patch)));
  if (Object.keys(changes).length === 0) return current;

  const scope = await resource.scope(request);
  const keyOf = new Map(
    Object.entries(getTableColumns(resource.table)).map(([key, column]) => [column.name, key]),
  );
  const set = Object.fromEntries(
    Object.entries(changes).map(([name, value]) => [keyOf.get(name)!, value]),
  );
  await request.db
    .update(resource.table)
    .set(set)
    .where(and(eq(resource.id, id), scope));
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

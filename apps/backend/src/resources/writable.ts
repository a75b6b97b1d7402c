import { getTableColumns } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { RequestContext, ResourceSpec, WritableField } from './types.js';

export const NOT_NULL = 'Cette valeur ne doit pas être nulle.';

/** The parsed values of `entries` by column name, and the violations (all of them, at once). */
export async function parseWritable(
  entries: [string, unknown][],
  writable: Record<string, WritableField>,
  request: RequestContext,
  creating: boolean,
): Promise<{ changes: Record<string, unknown>; violations: Violation[] }> {
  const changes: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const [path, value] of entries) {
    const field = writable[path]!;
    if (value === null) {
      if (field.nullable) changes[field.column.name] = null;
      else
        violations.push({ propertyPath: path, message: creating ? messages.required : NOT_NULL });
      continue;
    }
    const parsed = await field.parse(value, request);
    if ('violation' in parsed) violations.push({ propertyPath: path, message: parsed.violation });
    else changes[field.column.name] = parsed.value;
  }
  return { changes, violations };
}

/** The values of every writable path of a creation body; absent required ones are violations. */
export function creationEntries(
  body: Record<string, unknown>,
  writable: Record<string, WritableField>,
): { entries: [string, unknown][]; missing: Violation[] } {
  const entries: [string, unknown][] = [];
  const missing: Violation[] = [];
  for (const [path, field] of Object.entries(writable)) {
    const value = valueAt(body, path);
    if (value !== undefined) entries.push([path, value]);
    else if (!field.optional && !field.nullable)
      missing.push({ propertyPath: path, message: messages.required });
  }
  return { entries, missing };
}

function valueAt(body: Record<string, unknown>, path: string): unknown {
  let current: unknown = body;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Column-name keyed values as the table's property keys, for drizzle's insert and update. */
export function byPropertyKey<F extends SelectedFields, R>(
  resource: ResourceSpec<F, R>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const keyOf = new Map(
    Object.entries(getTableColumns(resource.table)).map(([key, column]) => [column.name, key]),
  );
  return Object.fromEntries(
    Object.entries(changes).map(([name, value]) => [keyOf.get(name)!, value]),
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CustomFilter, WritableField } from './types.js';
import { invalidValue } from './values.js';

/** Filters and writable fields that several resources share. */

/** `param=true|false` on a boolean column; empty is ignored, anything else a 400. */
export function booleanFilter(param: string, expr: PgColumn | SQL, joins?: string[]): CustomFilter {
  return {
    kind: 'custom',
    param,
    joins,
    apply: (value) => sql`${expr} = ${parseBoolean(param, value)}`,
  };
}

function parseBoolean(param: string, value: unknown): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw invalidValue(param, value);
}

export const booleanField = (column: PgColumn): WritableField => ({
  column,
  nullable: false,
  parse: (value) =>
    typeof value === 'boolean' ? { value } : { violation: 'Cette valeur doit être un booléen.' },
});

import { asc, eq } from 'drizzle-orm';
import type { Operation } from '../contract.js';
import type { Database } from '../db/client.js';
import { componentProfiles, components } from '../db/schema.js';

/** The `x-components` of an operation; empty means any signed-in user. */
export function requiredComponents(operation: Operation): string[] {
  const value = (operation.definition as { 'x-components'?: unknown })['x-components'];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) {
    throw new Error(`${operation.operationId}: x-components must be a list of names`);
  }
  return value as string[];
}

/** Component names held by a profile, by priority then name (the order sessions carry). */
export async function componentNamesOfProfile(db: Database, profileId: number): Promise<string[]> {
  const rows = await db
    .select({ name: components.name })
    .from(components)
    .innerJoin(componentProfiles, eq(componentProfiles.componentId, components.id))
    .where(eq(componentProfiles.profileId, profileId))
    .orderBy(asc(components.priority), asc(components.name));
  return rows.map((row) => row.name);
}

import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { profileIri } from '../access/iri.js';
import type { Database } from '../db/client.js';
import { profiles } from '../db/schema.js';
import type { Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { idOfReference } from './iris.js';

/** The profiles a news item or a notification is announced to (`profilesToNotify`). */

/**
 * Profile references (IRIs or ids) that must name existing Mandataire profiles: the ids, or
 * the violations of `propertyPath`.
 */
export async function agentProfileIds(
  db: Database,
  references: unknown[],
  propertyPath: string,
): Promise<{ ids: number[]; violations: Violation[] }> {
  const parsed = references.map((reference) => ({
    reference,
    id: idOfReference(reference, '/profiles'),
  }));
  const wanted = [...new Set(parsed.map((p) => p.id).filter((id): id is number => id !== null))];
  const found =
    wanted.length === 0
      ? []
      : await db
          .select({ id: profiles.id, type: profiles.type })
          .from(profiles)
          .where(inArray(profiles.id, wanted));
  const agentIds = new Set(found.filter((p) => p.type === 'Mandataire').map((p) => p.id));
  const violations = parsed
    .filter((p) => p.id === null || !agentIds.has(p.id))
    .map((p) => ({ propertyPath, message: messages.unknownProfile(String(p.reference)) }));
  return { ids: [...agentIds], violations };
}

/** Profile IRIs per owner id, from a link table (news_profiles, notification_profiles). */
async function profileIrisByOwner(
  db: Database,
  ownerColumn: PgColumn,
  profileColumn: PgColumn,
  ids: number[],
): Promise<Map<number, string[]>> {
  const byOwner = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const table = ownerColumn.table;
  const rows = (await db
    .select({ owner: ownerColumn, profile: profileColumn })
    .from(table)
    .where(inArray(ownerColumn, ids))
    .orderBy(profileColumn)) as { owner: number; profile: number }[];
  for (const row of rows) byOwner.get(row.owner)?.push(profileIri(row.profile));
  return byOwner;
}

/**
 * Sets `profilesToNotify` of each row's news item or notification (`itemOf`) to the IRIs of the
 * profiles its link table names, in one query for the page.
 */
export async function withProfilesToNotify<
  R,
  I extends { id: number; profilesToNotify?: string[] },
>(
  db: Database,
  rows: R[],
  itemOf: (row: R) => I,
  link: { owner: PgColumn; profile: PgColumn },
): Promise<R[]> {
  const byOwner = await profileIrisByOwner(
    db,
    link.owner,
    link.profile,
    rows.map((row) => itemOf(row).id),
  );
  for (const row of rows) {
    const item = itemOf(row);
    item.profilesToNotify = byOwner.get(item.id) ?? [];
  }
  return rows;
}

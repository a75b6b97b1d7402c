import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { profileIri } from '../access/iri.js';
import type { Database } from '../db/client.js';
import { profiles } from '../db/schema.js';
import type { Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { CustomFilter, WritableField } from '../resources/types.js';
import { invalidValue, parseDate } from '../resources/values.js';

/** Shared pieces of the communication slice: references, booleans, dates, pictures. */

export const newsIri = (id: number) => `/news/${id}`;
export const imageBankIri = (id: number) => `/image_banks/${id}`;
export const mediaObjectIri = (id: number) => `/media_objects/${id}`;
export const notificationIri = (id: number) => `/notifications/${id}`;

/** Pictures live under DATA_DIR/files/images/; only that folder is served, at /media/. */
export const PICTURES_FOLDER = 'images';
export const MEDIA_ROUTE = '/media';

export const contentUrlOf = (filePath: string) =>
  `${MEDIA_ROUTE}/${filePath.split('/').map(encodeURIComponent).join('/')}`;

export const isPicturePath = (filePath: string) => filePath.startsWith(`${PICTURES_FOLDER}/`);

export const mediaObjectJson = (media: { id: number; filePath: string }) => ({
  '@id': mediaObjectIri(media.id),
  '@type': 'MediaObject',
  id: media.id,
  contentUrl: contentUrlOf(media.filePath),
});

export interface ImageBankRow {
  id: number;
  title: string;
  createdAt: Date;
  mediaId: number;
  filePath: string;
}

export const imageBankJson = (image: ImageBankRow) => ({
  '@id': imageBankIri(image.id),
  '@type': 'ImageBank',
  id: image.id,
  title: image.title,
  mediaObject: mediaObjectJson({ id: image.mediaId, filePath: image.filePath }),
  createdAt: image.createdAt.toISOString(),
});

/** An id from `/collection/12`, `12` or 12; null for any other shape. */
export function idOfReference(reference: unknown, collection: string): number | null {
  if (typeof reference === 'number')
    return Number.isSafeInteger(reference) && reference > 0 && reference <= 2147483647
      ? reference
      : null;
  if (typeof reference !== 'string') return null;
  const match = new RegExp(`^(?:${collection}/)?(\\d{1,9})$`).exec(reference.trim());
  return match ? Number(match[1]) : null;
}

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

export const INVALID_DATE = "Cette valeur n'est pas une date valide.";

/**
 * A date (`YYYY-MM-DD`) or a date-time. A date alone is midnight UTC, or the last instant of
 * that day with `endOfDay` (expiry dates: a notification expiring on the 8th is shown all the 8th).
 */
export function parseInstant(value: unknown, endOfDay = false): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const { iso, dateOnly } = parseDate('date', value);
    if (!dateOnly) return new Date(iso);
    return new Date(`${iso}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL, or a path of the apps (`/news/12`). */
export function isValidLink(value: string): boolean {
  const text = value.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(text)) return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(text);
  } catch {
    return false;
  }
}

export const INVALID_URL = 'Ce champ doit être une URL valide';

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
export async function profileIrisByOwner(
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

import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import type { HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { folders, mediaObjects, type LibraryType } from '../db/schema.js';
import { notFound, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { idOfReference } from '../resources/iris.js';
import { requireLibrary } from './access.js';

/** What the library's writes (folders and files) check and read alike. */

export type Folder = typeof folders.$inferSelect;

export const bodyOf = (context: HandlerContext<Principal>) =>
  (context.body ?? {}) as Record<string, unknown>;

/** A readable, harmless name: letters, digits, spaces and a few signs, at most 255. */
export function cleanName(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._'’()&,+-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

export function nameOf(
  value: unknown,
  propertyPath: string,
  violations: Violation[],
): string | null {
  const name = typeof value === 'string' ? cleanName(value) : '';
  if (name === '') {
    violations.push({ propertyPath, message: messages.required });
    return null;
  }
  return name;
}

export async function folderById(db: Database, id: number): Promise<Folder | null> {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row ?? null;
}

/** A library file with its folder's type; null for any other media object. */
export async function libraryFile(db: Database, id: number) {
  const [row] = await db
    .select({ media: mediaObjects, type: folders.type })
    .from(mediaObjects)
    .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
    .where(eq(mediaObjects.id, id));
  return row ?? null;
}

/**
 * `person` as the spec sends it (the caller's IRI or id): the server records the caller, and
 * refuses to record anyone else.
 */
export function checkPerson(value: unknown, principal: Principal, violations: Violation[]): void {
  if (value === undefined || value === null || value === '') return;
  if (idOfReference(value, '/users') !== principal.user.id)
    violations.push({ propertyPath: 'person', message: messages.notYourself });
}

/**
 * The spec's rename and move send `name` and `path` in the query (empty body); the project's
 * JSON body is still read. The query wins.
 */
export function editValues(
  context: HandlerContext<Principal>,
  nameKey: string,
  placeKey: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...bodyOf(context) };
  if (context.query.name !== undefined) values[nameKey] = context.query.name;
  if (context.query.path !== undefined) values[placeKey] = context.query.path;
  return values;
}

/**
 * The parent a write names (`parentFolder` or `folder`): null for the root when allowed, a
 * folder of the same library, or a 422.
 */
export async function parentOf(
  db: Database,
  reference: unknown,
  type: LibraryType,
  propertyPath: string,
  violations: Violation[],
): Promise<Folder | null | undefined> {
  if (reference === null || reference === undefined || reference === '') return null;
  const id = idOfReference(reference, '/folders');
  const parent = id === null ? null : await folderById(db, id);
  if (!parent || parent.type !== type) {
    violations.push({ propertyPath, message: messages.unknownFolder });
    return undefined;
  }
  return parent;
}

/**
 * The folder or library file of the path's `id` (`load`), after the caller's `mode` right on its
 * library: a 404 when missing, a 403 without the right.
 */
export async function pathEntry<T extends { type: LibraryType }>(
  db: Database,
  context: HandlerContext<Principal>,
  load: (db: Database, id: number) => Promise<T | null>,
  mode: 'view' | 'edit',
): Promise<T> {
  const found = await load(db, Number(context.params.id));
  if (!found) throw notFound();
  await requireLibrary(db, principalOf(context), found.type, mode);
  return found;
}

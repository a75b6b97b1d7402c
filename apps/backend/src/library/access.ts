import { libraryComponents } from '@portal/api/generated/library';
import type { Principal } from '../auth/principal.js';
import { accessOf } from '../access/principal-access.js';
import type { Database } from '../db/client.js';
import { LIBRARY_TYPES, type LibraryType } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';

/**
 * The components opening each library: its page (view, download) and its edit block, as the
 * contract declares them (`x-library-components` of `LibraryType`).
 */
export const LIBRARY_COMPONENTS: Readonly<
  Record<LibraryType, { readonly view: string; readonly edit: string }>
> = libraryComponents;

export const isLibraryType = (value: unknown): value is LibraryType =>
  typeof value === 'string' && (LIBRARY_TYPES as readonly string[]).includes(value);

/** A library type the contract's enum has already validated; this narrows the type. */
export function libraryTypeOf(value: unknown): LibraryType {
  if (!isLibraryType(value)) throw notFound();
  return value;
}

/**
 * The libraries a list reads: those `values` name (a 403 for one the caller may not view), or
 * none named, every library he may view.
 */
export async function listedLibraries(
  db: Database,
  principal: Principal,
  values: unknown[],
): Promise<LibraryType[]> {
  const named = values.filter((value) => value !== undefined && value !== '').map(libraryTypeOf);
  for (const type of named) await requireLibrary(db, principal, type, 'view');
  return named.length > 0 ? [...new Set(named)] : viewableLibraries(db, principal);
}

/**
 * 403 unless the caller holds the component of `type` for `mode`. The operations list the four
 * libraries' components (any of them opens the route); this is the per-type check.
 */
export async function requireLibrary(
  db: Database,
  principal: Principal,
  type: LibraryType,
  mode: 'view' | 'edit',
): Promise<void> {
  const access = await accessOf(db, principal);
  if (!access.components.has(LIBRARY_COMPONENTS[type][mode]))
    throw forbidden(messages.accessDenied);
}

/** The library types the caller may view (for the document picker of the requests). */
export async function viewableLibraries(
  db: Database,
  principal: Principal,
): Promise<LibraryType[]> {
  const access = await accessOf(db, principal);
  return LIBRARY_TYPES.filter((type) => access.components.has(LIBRARY_COMPONENTS[type].view));
}

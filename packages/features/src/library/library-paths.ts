import { libraryComponents } from '@portal/api/generated/library';
import { parentFolderId, type Folder, type LibraryType } from '@portal/api/library';
import { agentPaths } from '../paths';

const entries = Object.entries(libraryComponents) as [
  LibraryType,
  (typeof libraryComponents)[LibraryType],
][];

/** The page component of each library: who may read it (and find it on the `/library` hub). */
export const LIBRARY_VIEW_COMPONENTS: Record<LibraryType, string> = Object.fromEntries(
  entries.map(([type, { view }]) => [type, view]),
) as Record<LibraryType, string>;

/** The edit component of each library (`*_edit`): adds, renames, moves and deletes. */
export const LIBRARY_EDIT_COMPONENTS: Record<LibraryType, string> = Object.fromEntries(
  entries.map(([type, { edit }]) => [type, edit]),
) as Record<LibraryType, string>;

/** A library's root and folder pages (the same paths in both apps). */
export function libraryPaths(type: LibraryType): {
  root: string;
  folder: (id: number) => string;
} {
  switch (type) {
    case 'bibliotheque':
      return { root: agentPaths.libraryBibliotheque, folder: agentPaths.libraryBibliothequeFolder };
    case 'trainers-club':
      return { root: agentPaths.libraryTrainersClub, folder: agentPaths.libraryTrainersClubFolder };
    case 'rac':
      return { root: agentPaths.libraryRac, folder: agentPaths.libraryRacFolder };
    case 'responsable-pole':
      return {
        root: agentPaths.libraryResponsablePole,
        folder: agentPaths.libraryResponsablePoleFolder,
      };
  }
}

/** A folder and its ancestors, from the library's root down (a loop in the data stops it). */
export function folderChain(byId: Map<number, Folder>, folder: Folder | undefined): Folder[] {
  const chain: Folder[] = [];
  const seen = new Set<number>();
  for (let f = folder; f && !seen.has(f.id); f = byId.get(parentFolderId(f) ?? -1)) {
    seen.add(f.id);
    chain.unshift(f);
  }
  return chain;
}

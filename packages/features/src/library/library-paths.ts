import type { LibraryType } from '@portal/api/library';
import { agentPaths } from '../paths';

/** The page component of each library: who may read it (and find it on the `/library` hub). */
export const LIBRARY_VIEW_COMPONENTS: Record<LibraryType, string> = {
  bibliotheque: 'library_page',
  'trainers-club': 'trainers_club_documentation_page',
  rac: 'rac_documentation_page',
  'responsable-pole': 'responsable_pole_documentation_page',
};

/** The edit component of each library (`*_edit`): adds, renames, moves and deletes. */
export const LIBRARY_EDIT_COMPONENTS: Record<LibraryType, string> = {
  bibliotheque: 'library_edit',
  'trainers-club': 'trainers_club_documentation_edit',
  rac: 'rac_documentation_edit',
  'responsable-pole': 'responsable_pole_documentation_edit',
};

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

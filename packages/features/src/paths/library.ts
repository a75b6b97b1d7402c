import type { RouteEntry } from './route-entry';

/** A sidebar entry under 'main'; the staff console moves it (`staff/library.ts`). */
const MENU: { readonly section: string } = { section: 'main' };

/**
 * The four document libraries, each at its root and in a folder (`/library/{type}/{folderId}`),
 * and the modification requests: the same pages in both apps (agents read them, staff editors
 * fill them), declared once: the staff table (`staff/library.ts`) takes them too
 * (`apps/backend/test/app-routes.test.ts` reads `sharedRoutes` for both apps).
 */
export const sharedRoutes = [
  {
    path: '/library/bibliotheque',
    component: 'library_page',
    title: 'Bibliothèque',
    menu: MENU,
    screen: 'library-bibliotheque-page',
    name: 'libraryBibliotheque',
  },
  {
    path: '/library/bibliotheque/:folderId',
    component: 'library_page',
    title: 'Bibliothèque',
    screen: 'library-bibliotheque-page',
    name: 'libraryBibliothequeFolder',
  },
  {
    path: '/library/trainers-club',
    component: 'trainers_club_documentation_page',
    title: 'Trainer’s Club',
    menu: MENU,
    screen: 'library-trainers-club-page',
    name: 'libraryTrainersClub',
  },
  {
    path: '/library/trainers-club/:folderId',
    component: 'trainers_club_documentation_page',
    title: 'Trainer’s Club',
    screen: 'library-trainers-club-page',
    name: 'libraryTrainersClubFolder',
  },
  {
    path: '/library/rac',
    component: 'rac_documentation_page',
    title: 'Documentation RAC',
    menu: MENU,
    screen: 'library-rac-page',
    name: 'libraryRac',
  },
  {
    path: '/library/rac/:folderId',
    component: 'rac_documentation_page',
    title: 'Documentation RAC',
    screen: 'library-rac-page',
    name: 'libraryRacFolder',
  },
  {
    path: '/library/responsable-pole',
    component: 'responsable_pole_documentation_page',
    title: 'Responsable de pôle',
    menu: MENU,
    screen: 'library-responsable-pole-page',
    name: 'libraryResponsablePole',
  },
  {
    path: '/library/responsable-pole/:folderId',
    component: 'responsable_pole_documentation_page',
    title: 'Responsable de pôle',
    screen: 'library-responsable-pole-page',
    name: 'libraryResponsablePoleFolder',
  },
  {
    path: '/library/demandes-modification',
    component: 'modification_requests_page',
    title: 'Demandes de modification',
    menu: MENU,
    screen: 'modification-requests-page',
    name: 'modificationRequests',
  },
] as const satisfies readonly RouteEntry[];

/** The agent portal's sidebar takes them under 'main' as they are. */
export const agentRoutes = sharedRoutes;

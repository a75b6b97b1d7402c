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

/** A route without its sidebar entry, each route of a union kept apart (its name stays). */
type Unlisted<E> = E extends RouteEntry ? Omit<E, 'menu'> : never;

/** The shared pages without their menu entries: the agent's sidebar reaches them by the hub. */
function unlisted<const R extends readonly RouteEntry[]>(routes: R): Unlisted<R[number]>[] {
  return routes.map(({ menu: _menu, ...route }) => route as Unlisted<R[number]>);
}

/**
 * The agent portal: one sidebar entry, the `/library` hub (one card per library he may read
 * and the modification requests), which stays lit on every `/library/...` page.
 */
export const agentRoutes = [
  {
    path: '/library',
    component: 'library_page',
    title: 'Documents',
    menu: MENU,
    screen: 'library-hub-page',
    name: 'library',
  },
  ...unlisted(sharedRoutes),
] as const satisfies readonly RouteEntry[];

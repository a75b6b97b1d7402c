import type { RouteEntry } from '../route-entry';

/**
 * The four document libraries, each at its root and in a folder (`/library/{type}/{folderId}`):
 * the same pages in both apps (agents read them, staff editors fill them).
 */
export const staffRoutes = [
  {
    path: '/library/bibliotheque',
    component: 'library_page',
    title: 'Bibliothèque',
    menu: { section: 'documents' },
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
    menu: { section: 'documents' },
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
    menu: { section: 'documents' },
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
    menu: { section: 'documents' },
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
    menu: { section: 'documents' },
    screen: 'modification-requests-page',
    name: 'modificationRequests',
  },
] as const satisfies readonly RouteEntry[];

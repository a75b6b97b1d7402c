import type { RouteEntry } from '../route-entry';

/** The picture library. */
export const staffRoutes = [
  {
    path: '/communication/pictures-library',
    component: 'pictures_library_page',
    title: 'Banque d’images',
    menu: { section: 'communication' },
    screen: 'pictures-library-page',
    name: 'picturesLibrary',
  },
] as const satisfies readonly RouteEntry[];

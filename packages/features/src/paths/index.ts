/**
 * The apps' signed-in URLs, in one place for the apps' route tables and for the features that
 * link to them. A helper called with `':id'` gives the route's wouter pattern. Nothing is
 * imported here, so the apps' first chunk can take it without pulling in a screen.
 */
type Id = number | string;

/** Agent portal (`apps/agent`). */
export const agentPaths = {
  home: '/',
  account: '/my/account',
  accountEdit: '/my/account/edit',
  customers: '/my-customers',
  customerDetail: <T extends Id>(id: T) => `/my-customers/${id}` as const,
  salesSummary: '/my-sales/summary',
  salesRealEstate: '/my-sales/real-estate',
  salesInvestment: '/my-sales/investment',
  salesVlp: '/my-sales/vlp',
  newsList: '/news',
  newsDetail: <T extends Id>(id: T) => `/news/${id}` as const,
} as const;

/** Staff console (`apps/staff`). */
export const staffPaths = {
  home: '/accueil',
  customers: '/customers',
  customerDetail: <T extends Id>(id: T) => `/customers/${id}` as const,
  salesRealEstate: '/sales/real-estate',
  salesInvestment: '/sales/investment',
  salesVlp: '/sales/vlp',
  newsList: '/communication/news',
  newsCreate: '/communication/news/create',
  newsDetail: <T extends Id>(id: T) => `/communication/news/${id}` as const,
  newsEdit: <T extends Id>(id: T) => `/communication/news/${id}/edit` as const,
  picturesLibrary: '/communication/pictures-library',
  notifications: '/communication/notifications',
  users: '/administration/users',
  portal: '/administration/portail',
  odyssealRoles: '/odysseal/roles',
} as const;

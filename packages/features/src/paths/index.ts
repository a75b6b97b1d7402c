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
  salesRealEstateClient: <T extends Id>(id: T) => `/my-sales/real-estate/clients/${id}` as const,
  salesInvestmentClient: <T extends Id>(id: T) => `/my-sales/investment/clients/${id}` as const,
  salesVlpClient: <T extends Id>(id: T) => `/my-sales/vlp/clients/${id}` as const,
  /** A downline agent's sales, by CGP id (403 from the API beyond the downline). */
  teamRealEstate: <T extends Id>(agentId: T) => `/my-team/${agentId}/real-estate` as const,
  teamInvestment: <T extends Id>(agentId: T) => `/my-team/${agentId}/investment` as const,
  teamVlp: <T extends Id>(agentId: T) => `/my-sales/vlp/team/${agentId}` as const,
  /** The agent's team, a downline agent's detail and that agent's team. */
  team: '/my-team',
  teamDetail: <T extends Id>(agentId: T) => `/my-team/${agentId}` as const,
  teamOfAgent: <T extends Id>(agentId: T) => `/my-team/${agentId}/team` as const,
  teamSponsor: '/my-team-sponsor',
  trainingTeam: '/my-training-team',
  training: '/my/training',
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
  salesRealEstateClient: <T extends Id>(id: T) => `/sales/real-estate/clients/${id}` as const,
  salesInvestmentClient: <T extends Id>(id: T) => `/sales/investment/clients/${id}` as const,
  salesVlpClient: <T extends Id>(id: T) => `/sales/vlp/clients/${id}` as const,
  /** One agent's sales, by CGP id: from the sales grids' agent column... */
  salesRealEstateTeam: <T extends Id>(idCgp: T) => `/sales/real-estate/team/${idCgp}` as const,
  salesInvestmentTeam: <T extends Id>(idCgp: T) => `/sales/investment/team/${idCgp}` as const,
  salesVlpTeam: <T extends Id>(idCgp: T) => `/sales/vlp/team/${idCgp}` as const,
  /** ...and from the team pages. */
  teamRealEstate: <T extends Id>(agentId: T) => `/team/${agentId}/real-estate` as const,
  teamInvestment: <T extends Id>(agentId: T) => `/team/${agentId}/investment` as const,
  /** Every team, one agent's detail and his team. */
  team: '/team',
  teamDetail: <T extends Id>(agentId: T) => `/team/${agentId}` as const,
  teamOfAgent: <T extends Id>(agentId: T) => `/team/${agentId}/team` as const,
  /** A customer's agent, from the customer's record, and his team and sales there. */
  customerAgent: <T extends Id, A extends Id>(id: T, agentId: A) =>
    `/customers/${id}/team/${agentId}` as const,
  customerAgentTeam: <T extends Id, A extends Id>(id: T, agentId: A) =>
    `/customers/${id}/team/${agentId}/team` as const,
  customerAgentRealEstate: <T extends Id, A extends Id>(id: T, agentId: A) =>
    `/customers/${id}/team/${agentId}/real-estate` as const,
  customerAgentInvestment: <T extends Id, A extends Id>(id: T, agentId: A) =>
    `/customers/${id}/team/${agentId}/investment` as const,
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

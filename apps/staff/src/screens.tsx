import { staffPaths } from '@portal/features/paths/staff';
import {
  commonScreenLoaders,
  type ScreenLoader,
  scopedScreenLoaders,
  withScreens,
} from '@portal/features/shell';
import { pageTable } from './routes';

export { sections } from './routes';

/** The network's sales, or one agent's: whose 'Retour' leads back to a customer's agent. */
const salesBack = (params: Record<string, string | undefined>) =>
  params.id && params.agentId ? staffPaths.customerAgent(params.id, params.agentId) : undefined;

/**
 * The staff console's screens by the name their routes give (`screen` in the route tables of
 * `@portal/features/paths/staff`), each loaded on demand with what the console gives it
 * (`network`, the route's parameters).
 */
export const screenLoaders: Record<string, ScreenLoader> = {
  ...commonScreenLoaders,
  ...scopedScreenLoaders('network'),
  'home-page': () => import('./home-page').then(({ default: HomePage }) => HomePage),
  'staff-account-page': () =>
    import('@portal/features/account/staff-account-page').then(
      ({ StaffAccountPage }) => StaffAccountPage,
    ),
  'invoices-library-page': () =>
    import('@portal/features/invoices/invoices-library-page').then(
      ({ AgentInvoicesPage, InvoicesLibraryPage }) =>
        ({ params }) =>
          params.agentId ? (
            <AgentInvoicesPage agentId={params.agentId} />
          ) : (
            <InvoicesLibraryPage scope="network" />
          ),
    ),
  'invoices-dispatch-page': () =>
    import('@portal/features/invoices/invoices-dispatch-page').then(
      ({ InvoicesDispatchPage }) => InvoicesDispatchPage,
    ),
  'prospects-team-page': () =>
    import('@portal/features/prospects/prospects-page').then(
      ({ ProspectsPage }) =>
        ({ params }) => <ProspectsPage scope="network" agentId={params.agentId ?? ''} />,
    ),
  // The network's sales, or one agent's (`/sales/…/team/{idCgp}`, `/team/{agentId}/…`, and a
  // customer's agent: `/customers/{id}/team/{agentId}/…`).
  'real-estate-sales-page': () =>
    import('@portal/features/sales/real-estate-sales-page').then(
      ({ RealEstateSalesPage }) =>
        ({ params }) => (
          <RealEstateSalesPage
            scope="network"
            agent={params.idCgp ?? params.agentId}
            back={salesBack(params)}
          />
        ),
    ),
  'investment-sales-page': () =>
    import('@portal/features/sales/investment-sales-page').then(
      ({ InvestmentSalesPage }) =>
        ({ params }) => (
          <InvestmentSalesPage
            scope="network"
            agent={params.idCgp ?? params.agentId}
            back={salesBack(params)}
          />
        ),
    ),
  'vlp-sales-page': () =>
    import('@portal/features/sales/vlp-sales-page').then(({ VlpSalesPage }) => ({ params }) => (
      <VlpSalesPage scope="network" agent={params.idCgp ?? params.agentId} />
    )),
  // Every team of the network, or one agent's (`/team/{agentId}/team`, also under a customer).
  'team-page': () =>
    import('@portal/features/teams/team-page').then(({ TeamPage }) => ({ params }) => (
      <TeamPage scope="network" agent={params.agentId} customerId={params.id} />
    )),
  // One agent's detail (`/team/{agentId}`, or a customer's agent: `/customers/{id}/team/{agentId}`).
  'agent-detail-page': () =>
    import('@portal/features/teams/agent-detail-page').then(
      ({ AgentDetailPage }) =>
        ({ params }) => (
          <AgentDetailPage scope="network" agentId={params.agentId ?? ''} customerId={params.id} />
        ),
    ),
  'news-list-page': () =>
    import('@portal/features/news/staff-news-page').then(({ StaffNewsPage }) => StaffNewsPage),
  'news-detail-page': () =>
    import('@portal/features/news/news-pages').then(
      ({ StaffNewsDetailPage }) => StaffNewsDetailPage,
    ),
  'news-create-page': () =>
    import('@portal/features/news/news-pages').then(({ NewsCreatePage }) => NewsCreatePage),
  'news-edit-page': () =>
    import('@portal/features/news/news-pages').then(({ NewsEditPage }) => NewsEditPage),
  'notifications-page': () =>
    import('@portal/features/notifications/notifications-page').then(
      ({ NotificationsPage }) => NotificationsPage,
    ),
  'pictures-library-page': () =>
    import('@portal/features/pictures/pictures-library-page').then(
      ({ PicturesLibraryPage }) => PicturesLibraryPage,
    ),
  'users-page': () =>
    import('@portal/features/administration/users-page').then(({ UsersPage }) => UsersPage),
  'user-create-page': () =>
    import('@portal/features/administration/user-form-page').then(({ UserFormPage }) => () => (
      <UserFormPage />
    )),
  'user-edit-page': () =>
    import('@portal/features/administration/user-form-page').then(
      ({ UserFormPage }) =>
        ({ params }) => <UserFormPage id={params.id ?? ''} />,
    ),
  'user-detail-page': () =>
    import('@portal/features/administration/user-detail-page').then(
      ({ UserDetailPage }) =>
        ({ params }) => <UserDetailPage id={params.id ?? ''} />,
    ),
  'portal-page': () =>
    import('@portal/features/administration/portal-page').then(
      ({ PortalAdministrationPage }) => PortalAdministrationPage,
    ),
  'audit-page': () =>
    import('@portal/features/audit/audit-page').then(({ AuditPage }) => AuditPage),
  'role-mapping-page': () =>
    import('@portal/features/odysseal/role-mapping-page').then(
      ({ RoleMappingPage }) => RoleMappingPage,
    ),
  'statistics-real-estate-page': () =>
    import('@portal/features/statistics/statistics-page').then(
      ({ StatisticsRealEstatePage }) => StatisticsRealEstatePage,
    ),
  'statistics-investments-page': () =>
    import('@portal/features/statistics/statistics-page').then(
      ({ StatisticsInvestmentsPage }) => StatisticsInvestmentsPage,
    ),
  'statistics-taux-uc-page': () =>
    import('@portal/features/statistics/statistics-page').then(
      ({ StatisticsTauxUcPage }) => StatisticsTauxUcPage,
    ),
  'statistics-team-page': () =>
    import('@portal/features/statistics/statistics-page').then(
      ({ StatisticsTeamPage }) => StatisticsTeamPage,
    ),
  'tracking-global-page': () =>
    import('@portal/features/analytics/tracking-global-page').then(
      ({ TrackingGlobalPage }) => TrackingGlobalPage,
    ),
  'tracking-users-page': () =>
    import('@portal/features/analytics/tracking-users-page').then(
      ({ TrackingUsersPage }) => TrackingUsersPage,
    ),
  'tracking-user-details-page': () =>
    import('@portal/features/analytics/tracking-user-details-page').then(
      ({ TrackingUserDetailsPage }) =>
        ({ params }) => <TrackingUserDetailsPage id={params.id ?? ''} />,
    ),
};

/** The staff console's signed-in pages, in menu order, each with its screen. */
export const routes = withScreens(pageTable, screenLoaders);

import { agentPaths } from '@portal/features/paths';
import {
  type MenuSectionDef,
  type PortalOverlay,
  commonScreenLoaders,
  type ScreenLoader,
  scopedScreenLoaders,
  withScreens,
} from '@portal/features/shell';
import { lazy } from 'react';
import { pageTable } from './routes';

export const sections: MenuSectionDef[] = [{ id: 'main' }];

/**
 * The agent portal's screens by the name their routes give (`screen` in the route tables of
 * `@portal/features/paths`), each loaded on demand with what this portal gives it (`mine`, the
 * route's parameters).
 */
export const screenLoaders: Record<string, ScreenLoader> = {
  ...commonScreenLoaders,
  ...scopedScreenLoaders('mine'),
  'home-page': () => import('@portal/features/home/agent-home').then(({ AgentHome }) => AgentHome),
  'account-page': () =>
    import('@portal/features/account/account-page').then(({ AccountPage }) => () => (
      <AccountPage editPath={agentPaths.accountEdit} />
    )),
  'account-edit-page': () =>
    import('@portal/features/account/account-edit-page').then(({ AccountEditPage }) => () => (
      <AccountEditPage accountPath={agentPaths.account} />
    )),
  'my-invoices-page': () =>
    import('@portal/features/invoices/invoices-library-page').then(
      ({ InvoicesLibraryPage }) =>
        () => <InvoicesLibraryPage scope="mine" />,
    ),
  // Own sales, or a downline agent's on a `/my-team/{agentId}` route.
  'real-estate-sales-page': () =>
    import('@portal/features/sales/real-estate-sales-page').then(
      ({ RealEstateSalesPage }) =>
        ({ params }) => <RealEstateSalesPage scope="mine" agent={params.agentId} />,
    ),
  'investment-sales-page': () =>
    import('@portal/features/sales/investment-sales-page').then(
      ({ InvestmentSalesPage }) =>
        ({ params }) => <InvestmentSalesPage scope="mine" agent={params.agentId} />,
    ),
  'vlp-sales-page': () =>
    import('@portal/features/sales/vlp-sales-page').then(({ VlpSalesPage }) => ({ params }) => (
      <VlpSalesPage scope="mine" agent={params.agentId} />
    )),
  // The summary's own module, not the sales index: the grid pages' AG Grid stays out of its chunk.
  'sales-summary-page': () =>
    import('@portal/features/sales/summary').then(({ SalesSummaryPage }) => SalesSummaryPage),
  // The agent's team, or a downline agent's (`/my-team/{agentId}/team`).
  'team-page': () =>
    import('@portal/features/teams/team-page').then(({ TeamPage }) => ({ params }) => (
      <TeamPage scope="mine" agent={params.agentId} />
    )),
  // A downline agent's detail (`/my-team/{agentId}`).
  'agent-detail-page': () =>
    import('@portal/features/teams/agent-detail-page').then(
      ({ AgentDetailPage }) =>
        ({ params }) => <AgentDetailPage scope="mine" agentId={params.agentId ?? ''} />,
    ),
  'team-training-page': () =>
    import('@portal/features/teams/team-training-page').then(
      ({ TeamTrainingPage }) => TeamTrainingPage,
    ),
  'training-page': () =>
    import('@portal/features/training/my-training-page').then(
      ({ MyTrainingPage }) => MyTrainingPage,
    ),
  'sponsorship-page': () =>
    import('@portal/features/sponsorship/sponsorship-page').then(
      ({ SponsorshipPage }) => SponsorshipPage,
    ),
  'reminder-reporting-page': () =>
    import('@portal/features/reminders/reminder-reporting-page').then(
      ({ ReminderReportingPage }) => ReminderReportingPage,
    ),
  'news-list-page': () =>
    import('@portal/features/news/agent-news-page').then(({ AgentNewsPage }) => AgentNewsPage),
  'news-detail-page': () =>
    import('@portal/features/news/agent-news-detail-page').then(
      ({ AgentNewsDetailPage }) => AgentNewsDetailPage,
    ),
  'library-hub-page': () =>
    import('@portal/features/library/library-hub').then(({ LibraryHub }) => LibraryHub),
  'support-page': () =>
    import('@portal/features/support/support-page').then(({ SupportPage }) => SupportPage),
};

/** The agent portal's signed-in pages, in menu order, each with its screen. */
export const routes = withScreens(pageTable, screenLoaders);

/**
 * Over the signed-in pages: the news popup, while the session's `onLoginAgent` is set; not
 * while an administrator views the portal as the agent (it would read her news for her).
 */
export const overlays: PortalOverlay[] = [
  {
    when: (session) => session.onLoginAgent && !session.isImpersonateUser,
    component: lazy(() =>
      import('@portal/features/news/news-popup-host').then(({ NewsPopupHost }) => ({
        default: NewsPopupHost,
      })),
    ),
  },
];

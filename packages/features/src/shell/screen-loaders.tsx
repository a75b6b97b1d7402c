import type { ScreenLoader } from './screens';

/** The screens both portals load alike: the libraries, the modification requests, the SSO. */
export const commonScreenLoaders: Record<string, ScreenLoader> = {
  'library-bibliotheque-page': () =>
    import('../library/library-page').then(({ LibraryPage }) => ({ params }) => (
      <LibraryPage type="bibliotheque" folderId={params.folderId} />
    )),
  'library-rac-page': () =>
    import('../library/library-page').then(({ LibraryPage }) => ({ params }) => (
      <LibraryPage type="rac" folderId={params.folderId} />
    )),
  'library-responsable-pole-page': () =>
    import('../library/library-page').then(({ LibraryPage }) => ({ params }) => (
      <LibraryPage type="responsable-pole" folderId={params.folderId} />
    )),
  'library-trainers-club-page': () =>
    import('../library/library-page').then(({ LibraryPage }) => ({ params }) => (
      <LibraryPage type="trainers-club" folderId={params.folderId} />
    )),
  'modification-requests-page': () =>
    import('../library/modification-requests-page').then(
      ({ ModificationRequestsPage }) => ModificationRequestsPage,
    ),
  'sso-redirect-page': () =>
    import('../partners/sso-redirect-page').then(({ SsoRedirectPage }) => ({ params }) => (
      <SsoRedirectPage sso={params.sso ?? ''} />
    )),
};

/**
 * The screens both portals load alike but for whose records they show: the agent's own
 * (`mine`) or the network's (staff).
 */
export function scopedScreenLoaders(scope: 'mine' | 'network'): Record<string, ScreenLoader> {
  return {
    'customers-page': () =>
      import('../customers/customers-page').then(({ CustomersPage }) => () => (
        <CustomersPage scope={scope} />
      )),
    'customer-detail-page': () =>
      import('../customers/customer-detail-page').then(({ CustomerDetailPage }) => ({ params }) => (
        <CustomerDetailPage id={params.id ?? ''} scope={scope} />
      )),
    'customer-invoices-page': () =>
      import('../invoices/customer-invoices-page').then(
        ({ CustomerInvoicesPage }) =>
          ({ params }) => <CustomerInvoicesPage id={params.id ?? ''} scope={scope} />,
      ),
    'prospects-page': () =>
      import('../prospects/prospects-page').then(({ ProspectsPage }) => () => (
        <ProspectsPage scope={scope} />
      )),
    'prospect-detail-page': () =>
      import('../prospects/prospect-detail-page').then(({ ProspectDetailPage }) => ({ params }) => (
        <ProspectDetailPage id={params.id ?? ''} scope={scope} />
      )),
    'reminders-page': () =>
      import('../reminders/reminders-page').then(({ RemindersPage }) => () => (
        <RemindersPage scope={scope} />
      )),
    'reminder-create-page': () =>
      import('../reminders/reminder-form-page').then(({ ReminderFormPage }) => () => (
        <ReminderFormPage scope={scope} />
      )),
    'reminder-edit-page': () =>
      import('../reminders/reminder-form-page').then(({ ReminderFormPage }) => ({ params }) => (
        <ReminderFormPage scope={scope} id={params.id ?? ''} />
      )),
    'reminder-detail-page': () =>
      import('../reminders/reminder-detail-page').then(({ ReminderDetailPage }) => ({ params }) => (
        <ReminderDetailPage scope={scope} id={params.id ?? ''} />
      )),
  };
}

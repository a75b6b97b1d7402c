export { CustomerInvoicesPage } from './customer-invoices-page';
export { InvoicesDispatchPage, statusLabel } from './invoices-dispatch-page';
export {
  AgentInvoicesPage,
  InvoicesLibraryPage,
  type InvoicesAudience,
} from './invoices-library-page';

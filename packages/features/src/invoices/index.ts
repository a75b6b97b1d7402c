export { CustomerInvoicesPage } from './customer-invoices-page';
export { InvoicesDispatchPage, statusLabel } from './invoices-dispatch-page';
export {
  AgentInvoicesPage,
  InvoicesLibraryPage,
  type InvoicesScope,
} from './invoices-library-page';

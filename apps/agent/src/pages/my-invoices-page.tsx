import { InvoicesLibraryPage } from '@portal/features/invoices';

export default function MyInvoices() {
  return <InvoicesLibraryPage scope="mine" />;
}

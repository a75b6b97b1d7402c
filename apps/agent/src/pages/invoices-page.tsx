import { InvoicesPage } from '@portal/features/invoices';

export default InvoicesPage;

import { InvoicesDispatchPage } from '@portal/features/invoices';

export default InvoicesDispatchPage;

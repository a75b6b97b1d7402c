import { CustomerInvoicesPage } from '@portal/features/invoices';

export default function CustomerInvoices({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <CustomerInvoicesPage id={params.id ?? ''} scope="mine" />;
}

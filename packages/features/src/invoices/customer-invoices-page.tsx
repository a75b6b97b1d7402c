import { getCustomerQuery } from '@portal/api/customers';
import { Alert } from '@portal/ui/alert';
import { Spinner } from '@portal/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { InvoicesLibraryPage, type InvoicesScope } from './invoices-library-page';
import { messages } from './messages';

/**
 * /my-invoices/clients/{id} and /invoices/clients/{id}. Invoices are the agents' commission
 * invoices, not the customers': a customer's page shows the invoice library of the agent he
 * belongs to (docs/decisions/24-invoices-and-their-dispatch.md). An agent opens only his own customers (404 otherwise), so he
 * sees only his own invoices.
 */
export function CustomerInvoicesPage({ id, scope }: { id: string; scope: InvoicesScope }) {
  const numeric = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const customer = useQuery({ ...getCustomerQuery(numeric ?? 0, ''), enabled: numeric !== null });
  const back = (
    <BackLink
      fallback={scope === 'mine' ? agentPaths.myInvoices : staffPaths.invoicesLibrary}
      label={messages.back}
    />
  );
  if (numeric === null || customer.isError)
    return (
      <div className="space-y-4">
        {back}
        <Alert variant="error">{customer.error?.message ?? messages.empty}</Alert>
      </div>
    );
  if (customer.isPending)
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner /> {messages.loading}
      </p>
    );
  const { clientFirstName, clientLastName, consultant } = customer.data;
  return (
    <InvoicesLibraryPage
      scope={scope}
      cgpId={scope === 'network' ? consultant.idCgp : undefined}
      title={messages.customerTitle(`${clientLastName} ${clientFirstName}`)}
      emptyLabel={messages.emptyVariant}
      before={back}
    />
  );
}

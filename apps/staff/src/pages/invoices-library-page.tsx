import { AgentInvoicesPage, InvoicesLibraryPage } from '@portal/features/invoices';

export default function NetworkInvoices({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return params.agentId ? (
    <AgentInvoicesPage agentId={params.agentId} />
  ) : (
    <InvoicesLibraryPage scope="network" />
  );
}

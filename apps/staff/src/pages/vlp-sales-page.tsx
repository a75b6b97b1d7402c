import { VlpSalesPage } from '@portal/features/sales';

/** The network's sales, or one agent's (`/sales/…/team/{idCgp}`, `/team/{agentId}/…`). */
export default function NetworkVlpSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <VlpSalesPage scope="network" agent={params.idCgp ?? params.agentId} />;
}

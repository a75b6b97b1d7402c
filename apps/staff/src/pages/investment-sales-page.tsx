import { InvestmentSalesPage } from '@portal/features/sales';

/** The network's sales, or one agent's (`/sales/…/team/{idCgp}`, `/team/{agentId}/…`). */
export default function NetworkInvestmentSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <InvestmentSalesPage scope="network" agent={params.idCgp ?? params.agentId} />;
}

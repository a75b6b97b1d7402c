import { staffPaths } from '@portal/features/paths/staff';
import { InvestmentSalesPage } from '@portal/features/sales';

/**
 * The network's sales, or one agent's (`/sales/…/team/{idCgp}`, `/team/{agentId}/…`, and a
 * customer's agent: `/customers/{id}/team/{agentId}/…`, whose 'Retour' leads back there).
 */
export default function NetworkInvestmentSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  const { id, agentId, idCgp } = params;
  return (
    <InvestmentSalesPage
      scope="network"
      agent={idCgp ?? agentId}
      back={id && agentId ? staffPaths.customerAgent(id, agentId) : undefined}
    />
  );
}

import { RealEstateSalesPage } from '@portal/features/sales';

/** The network's sales, or one agent's (`/sales/…/team/{idCgp}`, `/team/{agentId}/…`). */
export default function NetworkRealEstateSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <RealEstateSalesPage scope="network" agent={params.idCgp ?? params.agentId} />;
}

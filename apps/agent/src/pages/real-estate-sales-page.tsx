import { RealEstateSalesPage } from '@portal/features/sales';

/** Own sales, or a downline agent's on a `/my-team/{agentId}` route. */
export default function MyRealEstateSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <RealEstateSalesPage scope="mine" agent={params.agentId} />;
}

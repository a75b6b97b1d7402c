import { VlpSalesPage } from '@portal/features/sales';

/** Own sales, or a downline agent's on a `/my-team/{agentId}` route. */
export default function MyVlpSalesPage({ params }: { params: Record<string, string | undefined> }) {
  return <VlpSalesPage scope="mine" agent={params.agentId} />;
}

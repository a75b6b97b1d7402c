import { InvestmentSalesPage } from '@portal/features/sales';

/** Own sales, or a downline agent's on a `/my-team/{agentId}` route. */
export default function MyInvestmentSalesPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <InvestmentSalesPage scope="mine" agent={params.agentId} />;
}

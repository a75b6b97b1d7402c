import { InvestmentSalesPage } from '@portal/features/sales';

export default function NetworkInvestmentSalesPage() {
  return <InvestmentSalesPage scope="network" />;
}

import { InvestmentSalesPage } from '@portal/features/sales';

export default function MyInvestmentSalesPage() {
  return <InvestmentSalesPage scope="mine" />;
}

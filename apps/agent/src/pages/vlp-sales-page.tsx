import { VlpSalesPage } from '@portal/features/sales';

export default function MyVlpSalesPage() {
  return <VlpSalesPage scope="mine" />;
}

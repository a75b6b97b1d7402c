import { VlpSalesPage } from '@portal/features/sales';

export default function NetworkVlpSalesPage() {
  return <VlpSalesPage scope="network" />;
}

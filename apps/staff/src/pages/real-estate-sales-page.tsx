import { RealEstateSalesPage } from '@portal/features/sales';

export default function NetworkRealEstateSalesPage() {
  return <RealEstateSalesPage scope="network" />;
}

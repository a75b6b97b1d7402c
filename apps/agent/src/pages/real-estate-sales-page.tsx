import { RealEstateSalesPage } from '@portal/features/sales';

export default function MyRealEstateSalesPage() {
  return <RealEstateSalesPage scope="mine" />;
}

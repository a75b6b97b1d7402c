import { CustomerDetailPage } from '@portal/features/customers';

export default function CustomerDetail({ params }: { params: Record<string, string | undefined> }) {
  return <CustomerDetailPage id={params.id ?? ''} scope="network" />;
}

import { ProspectDetailPage } from '@portal/features/prospects';

export default function ProspectDetail({ params }: { params: Record<string, string | undefined> }) {
  return <ProspectDetailPage id={params.id ?? ''} scope="network" />;
}

import { ProspectsPage } from '@portal/features/prospects';

export default function AgentProspects({ params }: { params: Record<string, string | undefined> }) {
  return <ProspectsPage scope="network" agentId={params.agentId ?? ''} />;
}

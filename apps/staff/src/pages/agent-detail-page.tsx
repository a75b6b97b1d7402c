import { AgentDetailPage } from '@portal/features/teams';

/** One agent's detail (`/team/{agentId}`, or a customer's agent: `/customers/{id}/team/{agentId}`). */
export default function NetworkAgentPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <AgentDetailPage scope="network" agentId={params.agentId ?? ''} customerId={params.id} />;
}

import { TeamPage } from '@portal/features/teams';

/** Every team of the network, or one agent's (`/team/{agentId}/team`, also under a customer). */
export default function NetworkTeamPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <TeamPage scope="network" agent={params.agentId} customerId={params.id} />;
}

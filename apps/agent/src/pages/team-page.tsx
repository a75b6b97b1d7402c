import { TeamPage } from '@portal/features/teams';

/** The agent's team, or a downline agent's (`/my-team/{agentId}/team`). */
export default function MyTeamPage({ params }: { params: Record<string, string | undefined> }) {
  return <TeamPage scope="mine" agent={params.agentId} />;
}

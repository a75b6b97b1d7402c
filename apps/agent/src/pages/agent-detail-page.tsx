import { AgentDetailPage } from '@portal/features/teams';

/** A downline agent's detail (`/my-team/{agentId}`). */
export default function MyTeamAgentPage({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <AgentDetailPage scope="mine" agentId={params.agentId ?? ''} />;
}

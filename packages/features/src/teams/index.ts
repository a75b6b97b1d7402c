export { TeamPage, type TeamRoute } from './team-page';
export { AgentDetailPage } from './agent-detail-page';

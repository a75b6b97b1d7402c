export { TeamPage, type TeamRoute } from './team-page';
export { AgentDetailPage } from './agent-detail-page';
export { TeamTrainingPage } from './team-training-page';

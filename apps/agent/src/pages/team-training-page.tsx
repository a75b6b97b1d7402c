import { TeamTrainingPage } from '@portal/features/teams';

export default function MyTeamTrainingPage() {
  return <TeamTrainingPage />;
}

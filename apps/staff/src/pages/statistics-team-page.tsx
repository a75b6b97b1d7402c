import { StatisticsTeamPage } from '@portal/features/statistics';

export default StatisticsTeamPage;

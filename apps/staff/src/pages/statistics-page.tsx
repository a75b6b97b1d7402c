import { StatisticsPage } from '@portal/features/statistics';

export default StatisticsPage;

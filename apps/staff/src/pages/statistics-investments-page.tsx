import { StatisticsInvestmentsPage } from '@portal/features/statistics';

export default StatisticsInvestmentsPage;

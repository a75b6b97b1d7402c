import { StatisticsTauxUcPage } from '@portal/features/statistics';

export default StatisticsTauxUcPage;

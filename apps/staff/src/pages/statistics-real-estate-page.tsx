import { StatisticsRealEstatePage } from '@portal/features/statistics';

export default StatisticsRealEstatePage;

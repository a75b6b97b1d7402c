import { AnalyticsPage } from '@portal/features/analytics';

export default AnalyticsPage;

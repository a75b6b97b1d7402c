export { AnalyticsPage } from './analytics-page';

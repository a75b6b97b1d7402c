import { SalesSummaryPage } from '@portal/features/sales';

export default SalesSummaryPage;

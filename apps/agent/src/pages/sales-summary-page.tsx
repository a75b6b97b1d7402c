// The summary's own module, not the sales index: the grid pages' AG Grid stays out of its chunk.
import { SalesSummaryPage } from '@portal/features/sales/summary';

export default SalesSummaryPage;

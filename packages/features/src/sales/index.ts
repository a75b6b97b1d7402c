export { InvestmentSalesPage } from './investment-sales-page';
export { RealEstateSalesPage } from './real-estate-sales-page';
export { VlpSalesPage } from './vlp-sales-page';
export { SalesSummaryPage } from './sales-summary-page';

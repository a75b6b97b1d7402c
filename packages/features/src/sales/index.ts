export { InvestmentSalesPage } from './investment-sales-page';
export { RealEstateSalesPage } from './real-estate-sales-page';

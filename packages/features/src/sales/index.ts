export { InvestmentSalesPage } from './investment-sales-page';

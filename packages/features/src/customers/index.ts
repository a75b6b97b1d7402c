export { CustomersPage } from './customers-page';
export { CustomerDetailPage } from './customer-detail-page';

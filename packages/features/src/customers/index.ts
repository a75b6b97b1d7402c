export { CustomersPage } from './customers-page';

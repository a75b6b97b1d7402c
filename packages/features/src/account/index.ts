export { AccountPage } from './account-page';
export { AccountEditPage } from './account-edit-page';
export { SupportRequestForm } from './support-request-form';

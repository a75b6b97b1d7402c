export { AccountPage } from './account-page';
export { AccountEditPage } from './account-edit-page';
export { SupportRequestCard, SupportRequestForm } from './support-request-form';

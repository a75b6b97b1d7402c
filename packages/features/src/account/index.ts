export { AccountPage } from './account-page';
export { AccountEditPage } from './account-edit-page';
export { SupportRequestCard, SupportRequestForm } from './support-request-form';
export { SecondFactorSection } from './second-factor-section';
export { StaffAccountPage } from './staff-account-page';

// The user record and form (`@portal/features/administration/user-pages`), apart from the list.
export { UserDetailPage } from './user-detail-page';
export { UserFormPage } from './user-form-page';

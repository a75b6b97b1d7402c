export { PortalAdministrationPage } from './portal-page';
export { UsersPage } from './users-page';

export { PortalAdministrationPage } from './portal-page';
// The users list is its own entry (`@portal/features/administration/users`): AG Grid comes with
// it, and the portal page stays light.

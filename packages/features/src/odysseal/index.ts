export { RoleMappingPage } from './role-mapping-page';

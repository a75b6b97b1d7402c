import { RoleMappingPage } from '@portal/features/odysseal';

export default RoleMappingPage;

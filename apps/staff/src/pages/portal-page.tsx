import { PortalAdministrationPage } from '@portal/features/administration';

export default PortalAdministrationPage;

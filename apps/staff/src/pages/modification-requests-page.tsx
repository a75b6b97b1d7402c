import { ModificationRequestsPage } from '@portal/features/library';

export default ModificationRequestsPage;

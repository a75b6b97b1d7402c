import { AuditPage } from '@portal/features/audit';

export default AuditPage;

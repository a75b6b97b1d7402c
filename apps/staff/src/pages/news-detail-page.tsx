import { StaffNewsDetailPage } from '@portal/features/news/staff';

export default StaffNewsDetailPage;

import { StaffNewsPage } from '@portal/features/news/staff';

export default StaffNewsPage;

import { NewsEditPage } from '@portal/features/news/staff';

export default NewsEditPage;

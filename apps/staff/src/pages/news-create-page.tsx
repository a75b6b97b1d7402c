import { NewsCreatePage } from '@portal/features/news/staff';

export default NewsCreatePage;

import { NewsPopupHost } from '@portal/features/news';

export default NewsPopupHost;

import { NotificationsPage } from '@portal/features/notifications';

export default NotificationsPage;

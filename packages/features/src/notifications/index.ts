export { HeaderNotificationBell } from './header-bell';
export { NotificationsPage } from './notifications-page';

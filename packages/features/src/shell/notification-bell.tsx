/**
 * The header's notification bell (both apps): the notifications feature's bell, imported from its
 * own module, not the feature's barrel, which also re-exports the notifications page (a grid).
 */
export { HeaderNotificationBell as NotificationBell } from '../notifications/header-bell';

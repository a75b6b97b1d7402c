/** The header's notification bell (both apps): the notifications feature's bell. */
export { HeaderNotificationBell as NotificationBell } from '../notifications';

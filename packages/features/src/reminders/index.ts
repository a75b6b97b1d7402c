export { RemindersPage } from './reminders-page';

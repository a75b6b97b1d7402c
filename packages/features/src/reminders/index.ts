export { RemindersPage, type ReminderScope } from './reminders-page';
export { ReminderFormPage } from './reminder-form-page';
export { ReminderDetailPage } from './reminder-detail-page';
export { ReminderReportingPage } from './reminder-reporting-page';

import { ReminderReportingPage } from '@portal/features/reminders';

export default ReminderReportingPage;

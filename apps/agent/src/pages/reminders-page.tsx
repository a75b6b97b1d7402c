import { RemindersPage } from '@portal/features/reminders';

export default RemindersPage;

import { ReminderFormPage } from '@portal/features/reminders';

export default function ReminderCreate() {
  return <ReminderFormPage scope="network" />;
}

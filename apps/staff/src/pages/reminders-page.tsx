import { RemindersPage } from '@portal/features/reminders';

export default function Reminders() {
  return <RemindersPage scope="network" />;
}

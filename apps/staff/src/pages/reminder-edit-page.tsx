import { ReminderFormPage } from '@portal/features/reminders';

export default function ReminderEdit({ params }: { params: Record<string, string | undefined> }) {
  return <ReminderFormPage scope="network" id={params.id ?? ''} />;
}

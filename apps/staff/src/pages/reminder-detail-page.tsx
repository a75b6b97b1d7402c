import { ReminderDetailPage } from '@portal/features/reminders';

export default function ReminderDetail({ params }: { params: Record<string, string | undefined> }) {
  return <ReminderDetailPage scope="network" id={params.id ?? ''} />;
}

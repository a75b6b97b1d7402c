import { getAccountQuery } from '@portal/api/account';
import { type ReminderFrequency, useUpdateReminderFrequency } from '@portal/api/reminders';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BackLink } from '../list-kit';
import { agentPaths } from '../paths';
import { messages } from './messages';

/**
 * /my/reminders/reporting (`reminders_reporting_page`): which reminder digests the agent gets by
 * mail (daily, weekly on Sunday, monthly on the last day), saved as his `reminderFrequency`.
 */
export function ReminderReportingPage() {
  const account = useQuery(getAccountQuery());
  return (
    <div className="max-w-2xl space-y-6">
      <BackLink fallback={agentPaths.reminders} label={messages.back} />
      <h1 className="text-2xl font-semibold text-ink">{messages.reportingTitle}</h1>
      <p className="text-muted">{messages.reportingIntro}</p>
      {account.isError ? (
        <Alert variant="error">{messages.error(account.error.message)}</Alert>
      ) : !account.data ? (
        <p role="status">{messages.loading}</p>
      ) : (
        <ReportingForm userId={account.data.id} saved={account.data.reminderFrequency} />
      )}
    </div>
  );
}

function ReportingForm({ userId, saved }: { userId: number; saved: ReminderFrequency[] }) {
  const [chosen, setChosen] = useState<ReminderFrequency[]>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateReminderFrequency();
  const toggle = (frequency: ReminderFrequency, on: boolean) =>
    setChosen((current) =>
      on ? [...new Set([...current, frequency])] : current.filter((f) => f !== frequency),
    );
  return (
    <form
      noValidate
      className="space-y-4 rounded-card bg-surface p-6 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        // The order of the schedule, whatever the order of the clicks.
        const reminderFrequency = messages.frequencies
          .map((f) => f.value)
          .filter((f) => chosen.includes(f));
        update
          .mutateAsync({ userId, reminderFrequency })
          .then(() => showSnackbar(messages.reportingSaved, 'success'))
          .catch((error: Error) => setFailure(messages.error(error.message)));
      }}
    >
      {failure && <Alert variant="error">{failure}</Alert>}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink">{messages.reportingLegend}</legend>
        {messages.frequencies.map(({ value, label }) => (
          <Checkbox
            key={value}
            label={label}
            checked={chosen.includes(value)}
            onChange={(event) => toggle(value, event.target.checked)}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={update.isPending}>
        {messages.save}
      </Button>
    </form>
  );
}

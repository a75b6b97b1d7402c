import { ApiError } from '@portal/api/hydra';
import {
  downloadReminderIcs,
  getReminderQuery,
  listMyReminderListsQuery,
  type Reminder,
  useDeleteReminder,
  useDeleteReminderList,
  useDuplicateReminder,
} from '@portal/api/reminders';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ButtonLink } from '@portal/ui/button-link';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { DateField } from '@portal/ui/date-field';
import { EXPORT_BUTTON_LABELS_FR, ExportButton } from '@portal/ui/export-button';
import { FormDialog } from '@portal/ui/form-dialog';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { dateFieldLabels, followInApp } from '../common';
import { BackLink } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import { formatParisDateTime, parisLocal, parisTime } from './paris-time';
import type { ReminderScope } from './reminders-page';

function Fact({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words text-ink">{children || '—'}</dd>
    </div>
  );
}

/**
 * /my/reminders/{id} (`reminders_detail_page`) and /communication/reminders/{id}: the reminder,
 * what it is about, 'Ajouter à mon agenda' (an .ics file), and what the caller may do with it:
 * an agent edits or deletes his own, removes a network one from his list (`?entry=` names his
 * entry); staff edit, duplicate (a hidden copy) or delete a network one.
 */
export function ReminderDetailPage({ scope, id }: { scope: ReminderScope; id: string }) {
  const reminderId = Number(id);
  const valid = Number.isInteger(reminderId) && reminderId > 0;
  const reminder = useQuery({ ...getReminderQuery(reminderId), enabled: valid });
  const [search] = useSearchParams();
  const entry = Number(search.get('entry'));
  const entryId = Number.isInteger(entry) && entry > 0 ? entry : null;
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const missing =
    !valid || (reminder.error instanceof ApiError && [403, 404].includes(reminder.error.status));

  return (
    <div className="space-y-6">
      <BackLink fallback={paths.reminders} label={messages.back} />
      {missing ? (
        <Alert variant="error">{messages.notFound}</Alert>
      ) : reminder.isError ? (
        <Alert variant="error">{messages.error(reminder.error.message)}</Alert>
      ) : !reminder.data ? (
        <p role="status">{messages.loading}</p>
      ) : (
        <Detail scope={scope} reminder={reminder.data} entryId={entryId} />
      )}
    </div>
  );
}

function Detail({
  scope,
  reminder,
  entryId: linkedEntry,
}: {
  scope: ReminderScope;
  reminder: Reminder;
  entryId: number | null;
}) {
  const [, navigate] = useLocation();
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const network = reminder.type === 'hubnup';
  const readOnly = scope === 'mine' && network;
  // Opened without `?entry=` (a link, a bookmark): the agent's entry of it, to remove it.
  const listed = useQuery({
    ...listMyReminderListsQuery({ reminder: reminder.id }),
    enabled: readOnly && linkedEntry === null,
  });
  const entryId = linkedEntry ?? listed.data?.['hydra:member'][0]?.id ?? null;
  const [confirming, setConfirming] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const removeReminder = useDeleteReminder();
  const removeEntry = useDeleteReminderList();
  const edit = paths.reminderEdit(reminder.id);
  const clientHref =
    reminder.clientId === null
      ? null
      : scope === 'mine'
        ? agentPaths.customerDetail(reminder.clientId)
        : staffPaths.customerDetail(reminder.clientId);

  const remove = async () => {
    setFailure(null);
    try {
      // Spec §4: a network reminder leaves only the agent's list; the rest goes itself.
      if (readOnly && entryId !== null) await removeEntry.mutateAsync(entryId);
      else await removeReminder.mutateAsync(reminder.id);
      showSnackbar(messages.deleted, 'success');
      navigate(paths.reminders);
    } catch (error) {
      setFailure(messages.error((error as Error).message));
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-ink">{reminder.title}</h1>
        <div className="flex flex-wrap gap-3">
          <ExportButton
            labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.addToCalendar }}
            onExport={() => downloadReminderIcs(reminder.id)}
          />
          {!readOnly && (
            <Gate
              component={scope === 'mine' ? 'reminders_edit_page' : 'communication_reminders_page'}
            >
              <ButtonLink
                href={edit}
                variant="secondary"
                onNavigate={(event) => followInApp(event, edit, navigate)}
              >
                {messages.edit}
              </ButtonLink>
            </Gate>
          )}
          {scope === 'network' && (
            <Button variant="secondary" onClick={() => setDuplicating(true)}>
              {messages.duplicate}
            </Button>
          )}
          {(!readOnly || entryId !== null) && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {readOnly ? messages.removeFromList : messages.delete}
            </Button>
          )}
        </div>
      </div>
      {readOnly && <Alert variant="info">{messages.networkReadOnly}</Alert>}
      {failure && <Alert variant="error">{failure}</Alert>}
      <section className="rounded-card bg-surface p-6 shadow-sm">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={messages.date}>{formatParisDateTime(reminder.date)}</Fact>
          <Fact label={messages.type}>{messages.typeLabels[reminder.type]}</Fact>
          {scope === 'network' ? (
            <Fact label={messages.displayed}>
              {reminder.displayed ? messages.yes : messages.no}
            </Fact>
          ) : (
            <Fact label={messages.about}>
              {reminder.client && clientHref ? (
                <Link href={clientHref} className="font-semibold text-brand-700 underline">
                  {reminder.client.fullName}
                </Link>
              ) : (
                (reminder.client?.fullName ?? reminder.prospect)
              )}
            </Fact>
          )}
          <Fact label={messages.content} className="sm:col-span-2">
            {/* Plain text: what was typed, line breaks kept, no markup. */}
            {reminder.content && <p className="whitespace-pre-wrap">{reminder.content}</p>}
          </Fact>
        </dl>
      </section>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void remove();
        }}
        title={readOnly ? messages.removeFromList : messages.confirmDelete}
        message={readOnly ? messages.confirmRemove : messages.irreversible}
        confirmLabel={readOnly ? messages.removeFromList : messages.delete}
        cancelLabel={messages.cancel}
        closeLabel={messages.close}
        destructive
      />
      {scope === 'network' && (
        <DuplicateDialog
          reminder={reminder}
          open={duplicating}
          onClose={() => setDuplicating(false)}
        />
      )}
    </>
  );
}

/** Staff's duplicate: a date is required; the copy is created hidden from agents. */
function DuplicateDialog({
  reminder,
  open,
  onClose,
}: {
  reminder: Reminder;
  open: boolean;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const duplicate = useDuplicateReminder();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={messages.duplicateTitle}
      description={messages.duplicateHint}
      submitLabel={messages.duplicate}
      cancelLabel={messages.cancel}
      closeLabel={messages.close}
      pending={duplicate.isPending}
      error={failure}
      onSubmit={(event) => {
        event.preventDefault();
        if (!day) {
          setError(messages.required);
          return;
        }
        setError(null);
        setFailure(null);
        duplicate
          .mutateAsync({
            id: reminder.id,
            body: { date: parisLocal(day, parisTime(reminder.date)) },
          })
          .then((copy) => {
            showSnackbar(messages.created, 'success');
            onClose();
            navigate(staffPaths.reminderDetail(copy.id));
          })
          .catch((failed: Error) => setFailure(messages.error(failed.message)));
      }}
    >
      <DateField
        label={messages.duplicateDate}
        required
        value={day}
        onChange={setDay}
        error={error ?? undefined}
        labels={dateFieldLabels}
      />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { getClientReferenceQuery, type ClientReference } from '@portal/api/customers';
import { ApiError, violationsByField } from '@portal/api/hydra';
import {
  getReminderQuery,
  type Reminder,
  type ReminderInput,
  useCreateReminder,
  useUpdateReminder,
} from '@portal/api/reminders';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { DateField } from '@portal/ui/date-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import {
  clearDraft,
  dateFieldLabels,
  draftDiffers,
  readDraft,
  writeDraft,
  DraftNotice,
} from '../common';
import { BackLink } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { ClientPicker } from '../pickers';
import { messages } from './messages';
import { parisDay, parisLocal, parisTime } from './paris-time';
import type { ReminderScope } from './reminders-page';

/** The contract's limits (`ReminderInput`). */
const TITLE_MAX = 255;
const CONTENT_MAX = 10_000;
const PROSPECT_MAX = 255;
const ABOUT = ['none', 'client', 'prospect'] as const;

const formSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, messages.required),
        z.maxLength(TITLE_MAX, messages.maxLengthHint(TITLE_MAX)),
      ),
    day: z.string().check(z.minLength(1, messages.required)),
    time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.timeInvalid)),
    content: z.string().check(z.maxLength(CONTENT_MAX, messages.maxLengthHint(CONTENT_MAX))),
    about: z.enum(ABOUT),
    clientId: z.nullable(z.number()),
    prospect: z.string().check(z.maxLength(PROSPECT_MAX, messages.maxLengthHint(PROSPECT_MAX))),
    displayed: z.boolean(),
  })
  .check(
    // 'Client' or 'Prospect' ticked names someone, as the API requires (`concerns`).
    z.refine((values) => values.about !== 'client' || values.clientId !== null, {
      message: messages.clientRequired,
      path: ['clientId'],
    }),
    z.refine((values) => values.about !== 'prospect' || values.prospect.trim() !== '', {
      message: messages.required,
      path: ['prospect'],
    }),
  );
type FormValues = z.output<typeof formSchema>;

const EMPTY: FormValues = {
  title: '',
  day: '',
  time: '09:00',
  content: '',
  about: 'none',
  clientId: null,
  prospect: '',
  displayed: false,
};

function valuesOf(reminder: Reminder): FormValues {
  return {
    title: reminder.title,
    day: parisDay(reminder.date),
    time: parisTime(reminder.date),
    content: reminder.content ?? '',
    about: reminder.clientId !== null ? 'client' : reminder.prospect ? 'prospect' : 'none',
    clientId: reminder.clientId,
    prospect: reminder.prospect ?? '',
    displayed: reminder.displayed,
  };
}

function payloadOf(values: FormValues, scope: ReminderScope): ReminderInput {
  return {
    title: values.title.trim(),
    date: parisLocal(values.day, values.time),
    content: values.content.trim() || null,
    client: values.about === 'client' ? values.clientId : null,
    prospect: values.about === 'prospect' ? values.prospect.trim() || null : null,
    concerns: values.about,
    ...(scope === 'network' ? { type: 'hubnup' as const, displayed: values.displayed } : {}),
  };
}

/** Server field → form field, for 422 violations. */
const FIELD_OF: Record<string, FieldPath<FormValues>> = {
  title: 'title',
  date: 'day',
  content: 'content',
  client: 'clientId',
  prospect: 'prospect',
};

const draftKeyOf = (scope: ReminderScope, id: number | null) =>
  `portal.reminder-draft.${scope}.${id ?? 'new'}`;
const readFormDraft = (key: string) =>
  readDraft<FormValues>(key, (value) => typeof value.title === 'string');

/**
 * /my/reminders/create, /my/reminders/{id}/edit (`reminders_edit_page`) and the network's
 * /communication/reminders/create and /{id}/edit: title and date required, a time, the content,
 * what it is about (a customer from the picker or a prospect's name) and, for the network, whether
 * agents see it. What is typed survives a failed save and a closed tab (a session draft). An
 * agent cannot edit a network reminder: he is told so.
 */
export function ReminderFormPage({ scope, id }: { scope: ReminderScope; id?: string }) {
  const reminderId = id === undefined ? null : Number(id);
  const editing = reminderId !== null;
  const validId = !editing || (Number.isInteger(reminderId) && reminderId > 0);
  const reminder = useQuery({
    ...getReminderQuery(reminderId ?? 0),
    enabled: editing && validId,
  });
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const back = editing ? paths.reminderDetail(reminderId ?? 0) : paths.reminders;
  const title = editing ? messages.editTitle : messages.createTitle;
  const notFound =
    !validId || (reminder.error instanceof ApiError && [403, 404].includes(reminder.error.status));

  let body;
  if (notFound) body = <Alert variant="error">{messages.notFound}</Alert>;
  else if (reminder.isError)
    body = <Alert variant="error">{messages.error(reminder.error.message)}</Alert>;
  else if (editing && !reminder.data) body = <p role="status">{messages.loading}</p>;
  else if (scope === 'mine' && reminder.data?.type === 'hubnup')
    body = <Alert variant="info">{messages.networkReadOnly}</Alert>;
  else
    body = (
      <ReminderForm
        scope={scope}
        reminderId={reminderId}
        initial={reminder.data ? valuesOf(reminder.data) : EMPTY}
        client={reminder.data?.client ?? null}
      />
    );

  return (
    <div className="space-y-6">
      <BackLink fallback={back} label={messages.back} />
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {body}
    </div>
  );
}

function ReminderForm({
  scope,
  reminderId,
  initial,
  client: savedClient,
}: {
  scope: ReminderScope;
  reminderId: number | null;
  initial: FormValues;
  client: ClientReference | null;
}) {
  const [, navigate] = useLocation();
  const draftKey = draftKeyOf(scope, reminderId);
  const [restored] = useState(() => {
    const draft = readFormDraft(draftKey);
    return draft && draftDiffers(draft, initial) ? draft : null;
  });
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const create = useCreateReminder();
  const update = useUpdateReminder();
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: restored ?? initial,
  });
  // `watch`, not `useWatch`: the latter would grow the sign-in route (docs/budgets.md).
  const values = watch();
  // Every change is kept in the tab's session until the reminder is saved.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/incompatible-library -- see `values` above
    const subscription = watch((next) => writeDraft(draftKey, next));
    return () => subscription.unsubscribe();
  }, [watch, draftKey]);
  const about = values.about ?? 'none';
  // The picked customer's name: the saved one, or the one picked in this visit.
  const [picked, setPicked] = useState<ClientReference | null>(savedClient);
  const pickedId = values.clientId ?? null;
  const lookup = useQuery({
    ...getClientReferenceQuery(String(pickedId ?? '')),
    enabled: pickedId !== null && picked?.id !== pickedId,
  });
  const client = useMemo(
    () => (picked?.id === pickedId ? picked : (lookup.data ?? null)),
    [picked, pickedId, lookup.data],
  );

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const body = payloadOf(form, scope);
      const saved =
        reminderId === null
          ? await create.mutateAsync(body)
          : await update.mutateAsync({ id: reminderId, body });
      clearDraft(draftKey);
      showSnackbar(reminderId === null ? messages.created : messages.updated, 'success');
      navigate(paths.reminderDetail(saved.id));
    } catch (error) {
      setFailure(messages.error((error as Error).message));
      if (error instanceof ApiError)
        for (const [path, text] of Object.entries(violationsByField(error.body))) {
          const field = FIELD_OF[path];
          if (field) setError(field, { message: text });
        }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-3xl flex-col gap-6"
    >
      {restored && (
        <DraftNotice
          message={messages.draftRestored}
          discardLabel={messages.discardDraft}
          onDiscard={() => {
            clearDraft(draftKey);
            reset(initial);
          }}
        />
      )}
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="grid gap-4 rounded-card bg-surface p-6 shadow-sm sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={messages.title}
          required
          autoComplete="off"
          maxLength={TITLE_MAX}
          error={errors.title?.message}
          {...register('title')}
        />
        <DateField
          label={messages.date}
          required
          value={values.day}
          onChange={(day) => setValue('day', day, { shouldValidate: errors.day !== undefined })}
          error={errors.day?.message}
          labels={dateFieldLabels}
        />
        <TextField
          type="time"
          label={messages.time}
          error={errors.time?.message}
          {...register('time')}
        />
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${ids}-content`} className="text-sm font-medium text-ink">
            {messages.content}
          </label>
          <textarea
            id={`${ids}-content`}
            rows={5}
            maxLength={CONTENT_MAX}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${ids}-content-error` : undefined}
            className={`w-full rounded-lg border bg-surface px-3 py-2 text-ink ${errors.content ? 'border-danger' : 'border-muted'}`}
            {...register('content')}
          />
          {errors.content && (
            <p id={`${ids}-content-error`} className="text-sm text-danger">
              {errors.content.message}
            </p>
          )}
        </div>
      </div>
      {scope === 'mine' ? (
        <fieldset className="grid gap-4 rounded-card bg-surface p-6 shadow-sm">
          <legend className="text-sm font-medium text-ink">{messages.about}</legend>
          <div className="flex flex-wrap gap-6">
            {ABOUT.map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-ink">
                <input type="radio" value={choice} {...register('about')} />
                {choice === 'none'
                  ? messages.aboutNone
                  : choice === 'client'
                    ? messages.client
                    : messages.prospect}
              </label>
            ))}
          </div>
          {about === 'client' && (
            <ClientPicker
              label={messages.client}
              value={client}
              error={errors.clientId?.message}
              onChange={(chosen) => {
                setPicked(chosen);
                setValue('clientId', chosen ? chosen.id : null, {
                  shouldValidate: errors.clientId !== undefined,
                });
              }}
            />
          )}
          {about === 'prospect' && (
            <TextField
              label={messages.prospectName}
              autoComplete="off"
              maxLength={PROSPECT_MAX}
              error={errors.prospect?.message}
              {...register('prospect')}
            />
          )}
        </fieldset>
      ) : (
        <div className="rounded-card bg-surface p-6 shadow-sm">
          <Checkbox label={messages.displayed} {...register('displayed')} />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          {messages.save}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            navigate(reminderId === null ? paths.reminders : paths.reminderDetail(reminderId))
          }
        >
          {messages.cancel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { listProfilesQuery } from '@portal/api/administration';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { type Notification, useSaveNotification } from '@portal/api/notifications';
import { Alert } from '@portal/ui/alert';
import { Checkbox } from '@portal/ui/checkbox';
import { FormDialog } from '@portal/ui/form-dialog';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { FormDateField } from '../common';
import { messages } from './messages';
import {
  defaultExpiry,
  isoToDay,
  notificationBody,
  notificationCreateSchema,
  notificationUpdateSchema,
  type NotificationValues,
} from './schemas';

export type { Notification };

const FIELDS = ['title', 'description', 'urlLink', 'expireAt', 'profilesToNotify'] as const;

/**
 * Create ('la notification est créé') or update ('la notification est mise à jour'). Mount it
 * to open it: each opening starts from the notification's values.
 */
export function NotificationDialog({
  notification,
  onDone,
}: {
  /** The notification to change; null to create one. */
  notification: Notification | null;
  onDone: () => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const creating = notification === null;
  const profiles = useQuery({ ...listProfilesQuery({ type: 'Mandataire' }), enabled: creating });
  const form = useForm<NotificationValues>({
    resolver: zodResolver(creating ? notificationCreateSchema : notificationUpdateSchema),
    defaultValues: {
      title: notification?.title ?? '',
      description: notification?.description ?? '',
      urlLink: notification?.urlLink ?? '',
      expireAt: notification ? isoToDay(notification.expireAt) : defaultExpiry(),
      profilesToNotify: [],
    },
  });
  const { errors } = form.formState;

  const save = useSaveNotification({
    onSuccess: () => {
      showSnackbar(creating ? messages.created : messages.updated, 'success');
      onDone();
    },
    onError: (error) => {
      // The form keeps every value; server-side violations go next to their fields.
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(violationsByField(error.body))) {
          const field = FIELDS.find((name) => name === path);
          if (field) form.setError(field as FieldPath<NotificationValues>, { message });
        }
      }
      setFailure(messages.errorPrefix + error.message);
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    const body = notificationBody(values);
    save.mutate(
      notification
        ? { id: notification.id, body }
        : { id: null, body: { ...body, profilesToNotify: values.profilesToNotify } },
    );
  });

  const options = profiles.data?.['hydra:member'] ?? [];

  return (
    <FormDialog
      open
      onClose={onDone}
      onSubmit={(event) => void onSubmit(event)}
      title={creating ? messages.createTitle : messages.editTitle}
      submitLabel={messages.save}
      cancelLabel={messages.cancel}
      pending={save.isPending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <TextField
        label={messages.title}
        required
        autoComplete="off"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="flex flex-col gap-1">
        <div className="flex gap-0.5 text-sm font-medium">
          <label htmlFor={`${id}-description`} className="text-ink">
            {messages.description}
          </label>
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          rows={4}
          aria-required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className={`w-full rounded-lg border bg-surface px-3 py-2 text-ink ${
            errors.description ? 'border-danger' : 'border-muted'
          }`}
          {...form.register('description')}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className="text-sm font-medium text-danger">
            {errors.description.message}
          </p>
        )}
      </div>
      {creating && (
        <Controller
          control={form.control}
          name="profilesToNotify"
          render={({ field }) => (
            <fieldset
              aria-describedby={errors.profilesToNotify ? `${id}-profiles-error` : undefined}
              className="flex flex-col gap-2"
            >
              <legend className="mb-1 flex gap-0.5 text-sm font-medium">
                <span className="text-ink">{messages.profilesToNotify}</span>
                <span className="text-danger" aria-hidden="true">
                  *
                </span>
              </legend>
              {profiles.isPending && <p className="text-sm text-muted">{messages.loading}</p>}
              {profiles.isError && (
                <Alert variant="error">{messages.errorPrefix + profiles.error.message}</Alert>
              )}
              {profiles.isSuccess && options.length === 0 && (
                <p className="text-sm text-muted">{messages.noProfiles}</p>
              )}
              {options.map((profile) => (
                <Checkbox
                  key={profile['@id']}
                  label={profile.title}
                  checked={field.value.includes(profile['@id'])}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, profile['@id']]
                        : field.value.filter((iri) => iri !== profile['@id']),
                    )
                  }
                />
              ))}
              {errors.profilesToNotify && (
                <p id={`${id}-profiles-error`} className="text-sm font-medium text-danger">
                  {errors.profilesToNotify.message}
                </p>
              )}
            </fieldset>
          )}
        />
      )}
      <TextField
        label={messages.link}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://…"
        error={errors.urlLink?.message}
        {...form.register('urlLink')}
      />
      <FormDateField control={form.control} name="expireAt" label={messages.expireAt} />
    </FormDialog>
  );
}

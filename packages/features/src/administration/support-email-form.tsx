import { zodResolver } from '@hookform/resolvers/zod';
import {
  listAdministrationsQuery,
  useCreateAdministration,
  useUpdateAdministration,
} from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from './messages';
import { type SupportEmailValues, supportEmailSchema } from './schemas';

type Outcome = { ok: boolean; text: string } | null;

/** The support address shown to suspended users; one settings record, created if missing. */
export function SupportEmailForm() {
  const settings = useQuery(listAdministrationsQuery());
  const current = settings.data?.['hydra:member'][0];
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<SupportEmailValues>({
    resolver: zodResolver(supportEmailSchema),
    defaultValues: { supportEmail: '' },
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (current) reset({ supportEmail: current.supportEmail });
  }, [current, reset]);

  // Either refreshes the settings and the public settings (the suspended users' page).
  const callbacks = {
    onSuccess: () => setOutcome({ ok: true, text: messages.settingSaved }),
    onError: (error: Error) =>
      setOutcome({ ok: false, text: messages.errorPrefix + error.message }),
  };
  const create = useCreateAdministration(callbacks);
  const update = useUpdateAdministration(callbacks);
  const save = current ? update : create;

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    if (current) update.mutate({ id: current.id, supportEmail: values.supportEmail });
    else create.mutate(values.supportEmail);
  });

  return (
    <section aria-labelledby="settings-title" className="rounded-card bg-surface p-6 shadow-sm">
      <h2 id="settings-title" className="mb-4 text-lg font-semibold text-ink">
        {messages.settingsTitle}
      </h2>
      {settings.isError && (
        <Alert variant="error">{messages.errorPrefix + settings.error.message}</Alert>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 md:flex-row md:items-start"
      >
        <TextField
          label={messages.supportEmail}
          type="email"
          autoComplete="off"
          required
          className="md:w-96"
          error={errors.supportEmail?.message}
          {...form.register('supportEmail')}
        />
        <Button type="submit" className="md:mt-6" loading={save.isPending}>
          {messages.save}
        </Button>
      </form>
      {outcome && (
        <Alert variant={outcome.ok ? 'success' : 'error'} className="mt-4">
          {outcome.text}
        </Alert>
      )}
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import { listAdministrationsQuery, queryKeys } from '@portal/api/queries';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from './messages';
import { type SupportEmailValues, supportEmailSchema } from './schemas';

type Outcome = { ok: boolean; text: string } | null;

/** The support address shown to suspended users; one settings record, created if missing. */
export function SupportEmailForm() {
  const queryClient = useQueryClient();
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

  const save = useMutation({
    mutationFn: async ({ supportEmail }: SupportEmailValues) =>
      current
        ? unwrap(
            await api.main.PATCH('/administrations/{id}', {
              params: { path: { id: current.id } },
              body: { supportEmail },
            }),
          )
        : unwrap(await api.main.POST('/administrations', { body: { supportEmail } })),
    onSuccess: () => {
      setOutcome({ ok: true, text: messages.settingSaved });
      void queryClient.invalidateQueries({ queryKey: queryKeys.listAdministrations() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.getPublicSettings() });
    },
    onError: (error) => setOutcome({ ok: false, text: messages.errorPrefix + error.message }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    save.mutate(values);
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

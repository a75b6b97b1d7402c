import { zodResolver } from '@hookform/resolvers/zod';
import { listProfilesQuery, useCreateProfile, useDeleteProfile } from '@portal/api/administration';
import { ApiError } from '@portal/api/hydra';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from './messages';
import {
  type AddProfileValues,
  addProfileSchema,
  type DeleteProfileValues,
  deleteProfileSchema,
  PROFILE_TYPES,
  profileTitle,
} from './schemas';

type Outcome = { ok: boolean; text: string } | null;

const typeOptions = PROFILE_TYPES.map((type) => ({ value: type, label: type }));

export function AddProfileForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<AddProfileValues>({
    resolver: zodResolver(addProfileSchema),
    defaultValues: { name: '', type: 'Mandataire' },
  });
  const { errors } = form.formState;

  // Both matrices are refreshed afterwards (profiles as columns, components' holders).
  const add = useCreateProfile({
    onSuccess: () => {
      setOutcome({ ok: true, text: messages.profileSaved });
      form.reset();
    },
    onError: (error) => setOutcome({ ok: false, text: messages.errorPrefix + error.message }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    add.mutate({ title: profileTitle(values), type: values.type });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="add-profile-title" className="space-y-4">
      <h3 id="add-profile-title" className="font-semibold text-ink">
        {messages.addProfileTitle}
      </h3>
      <TextField
        label={messages.profileName}
        required
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label={messages.profileType}
        required
        options={typeOptions}
        error={errors.type?.message}
        {...form.register('type')}
      />
      <Button type="submit" loading={add.isPending}>
        {messages.add}
      </Button>
      {outcome && <Alert variant={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
    </form>
  );
}

export function DeleteProfileForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** The profile chosen, waiting for the confirmation. */
  const [pending, setPending] = useState<{ id: number; title: string } | null>(null);
  const profiles = useQuery(listProfilesQuery());
  const form = useForm<DeleteProfileValues>({
    resolver: zodResolver(deleteProfileSchema),
    defaultValues: { profileId: '' },
  });
  const { errors } = form.formState;

  const remove = useDeleteProfile({
    onSuccess: () => {
      setOutcome({ ok: true, text: messages.profileSaved });
      form.reset();
    },
    onSettled: () => setPending(null),
    // A profile still held by users is the refusal the spec names; anything else says what failed.
    onError: (error) =>
      setOutcome({
        ok: false,
        text:
          error instanceof ApiError && error.status === 422
            ? messages.profileDeleteFailed
            : messages.errorPrefix + error.message,
      }),
  });

  const options = (profiles.data?.['hydra:member'] ?? []).map((profile) => ({
    value: String(profile.id),
    label: profile.title,
  }));

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    const id = Number(values.profileId);
    setPending({ id, title: options.find((o) => o.value === values.profileId)?.label ?? '' });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="delete-profile-title"
      className="space-y-4"
    >
      <h3 id="delete-profile-title" className="font-semibold text-ink">
        {messages.deleteProfileTitle}
      </h3>
      <SelectField
        label={messages.profileToDelete}
        required
        placeholder={messages.chooseProfile}
        options={options}
        error={errors.profileId?.message}
        {...form.register('profileId')}
      />
      <Button type="submit" variant="danger" loading={remove.isPending}>
        {messages.delete}
      </Button>
      {outcome && <Alert variant={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id)}
        title={messages.deleteProfileTitle}
        message={pending ? messages.confirmDeleteProfile(pending.title) : undefined}
        confirmLabel={messages.delete}
        cancelLabel={messages.cancel}
        destructive
        pending={remove.isPending}
      />
    </form>
  );
}

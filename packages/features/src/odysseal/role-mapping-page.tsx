import { zodResolver } from '@hookform/resolvers/zod';
import {
  listTrainingRoleMappingsQuery,
  useUpdateTrainingRoleMappings,
} from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from './messages';
import {
  type RoleMapping,
  type RoleMappingValues,
  roleMappingSchema,
  toFormValues,
  toPatch,
  TRAINING_ROLES,
} from './role-mapping';

const roleOptions = [
  { value: '', label: messages.none },
  ...TRAINING_ROLES.map((role) => ({ value: role, label: messages.roles[role] })),
];

/** /odysseal/roles: the training-platform role of every profile. */
export function RoleMappingPage() {
  const mappings = useQuery(listTrainingRoleMappingsQuery());

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{messages.title}</h1>
      <p className="text-muted">{messages.intro}</p>
      {mappings.isPending && <p role="status">{messages.loading}</p>}
      {mappings.isError && (
        <Alert variant="error">{messages.errorPrefix + mappings.error.message}</Alert>
      )}
      {mappings.data && <RoleMappingForm mappings={mappings.data['hydra:member']} />}
    </div>
  );
}

function RoleMappingForm({ mappings }: { mappings: RoleMapping[] }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<RoleMappingValues>({
    resolver: zodResolver(roleMappingSchema),
    defaultValues: toFormValues(mappings),
  });
  const { reset } = form;
  useEffect(() => reset(toFormValues(mappings)), [mappings, reset]);
  const listError =
    form.formState.errors.roles?.message ?? form.formState.errors.roles?.root?.message;

  // The saved mappings replace the cached list.
  const save = useUpdateTrainingRoleMappings({
    onSuccess: () => setOutcome({ ok: true, text: messages.saved }),
    onError: (error) => setOutcome({ ok: false, text: messages.errorPrefix + error.message }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    save.mutate(toPatch(mappings, values));
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {listError && <Alert variant="error">{listError}</Alert>}
      <div className="overflow-x-auto rounded-card bg-surface shadow-sm">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{messages.title}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.profile}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.role}
              </th>
            </tr>
          </thead>
          <tbody>
            {mappings.map((mapping, index) => (
              <tr key={mapping.name} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-normal">
                  {mapping.title}
                </th>
                <td className="px-4 py-2">
                  <SelectField
                    label={messages.roleOf(mapping.title)}
                    hideLabel
                    options={roleOptions}
                    {...form.register(`roles.${index}`)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button type="submit" loading={save.isPending}>
        {messages.save}
      </Button>
      {outcome && <Alert variant={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  listProfilesQuery,
  listTrainingRoleMappingsQuery,
  useUpdateTrainingRoleMappings,
} from '@portal/api/administration';
import { useSession } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ListScreen } from '../list-kit';
import { WholeListGrid } from '../list-kit/paged-grid';
import { messages } from './messages';
import {
  type RoleMapping,
  type RoleMappingValues,
  roleMappingSchema,
  rolesHeldBy,
  toFormValues,
  toPatch,
  type TrainingRole,
} from './role-mapping';

/** 'Aucun', the roles the caller holds, and the row's own role so that it shows. */
const roleOptions = (held: readonly TrainingRole[], current: TrainingRole | null) => [
  { value: '', label: messages.none },
  ...held.map((role) => ({ value: role, label: messages.roles[role] })),
  ...(current && !held.includes(current)
    ? [{ value: current, label: messages.roles[current] }]
    : []),
];

/**
 * /odysseal/roles: the training-platform role of every profile, a short list shown whole on
 * the kit's grid, each row's role a field of one form.
 */
export function RoleMappingPage() {
  const mappings = useQuery(listTrainingRoleMappingsQuery());

  return (
    <ListScreen title={messages.title}>
      <p className="text-muted">{messages.intro}</p>
      {mappings.isPending && <p role="status">{messages.loading}</p>}
      {mappings.isError && (
        <Alert variant="error">{messages.errorPrefix + mappings.error.message}</Alert>
      )}
      {mappings.data && <RoleMappingForm mappings={mappings.data['hydra:member']} />}
    </ListScreen>
  );
}

function RoleMappingForm({ mappings }: { mappings: RoleMapping[] }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<RoleMappingValues>({
    resolver: zodResolver(roleMappingSchema),
    defaultValues: toFormValues(mappings),
  });
  const { reset } = form;
  // What the backend lets the caller change (privilege containment): the roles he holds, on
  // the profiles he may give; other rows are read-only. Unreadable profiles: the backend decides.
  const profileName = useSession()?.roles[0];
  const held = rolesHeldBy(mappings.find((mapping) => mapping.name === profileName)?.mappedRole);
  const assignable = useQuery(listProfilesQuery({ assignable: true }));
  const assignableNames = new Set(assignable.data?.['hydra:member'].map((p) => p.name));
  const editable = (mapping: RoleMapping) =>
    (assignable.isError || assignableNames.has(mapping.name)) &&
    (mapping.mappedRole === null || held.includes(mapping.mappedRole));
  useEffect(() => reset(toFormValues(mappings)), [mappings, reset]);
  const listError =
    form.formState.errors.roles?.message ?? form.formState.errors.roles?.root?.message;

  // The saved mappings replace the cached list.
  const save = useUpdateTrainingRoleMappings({
    onSuccess: () => setOutcome({ ok: true, text: messages.saved }),
    onError: (error) => setOutcome({ ok: false, text: messages.errorPrefix + error.message }),
  });

  // The grid keys rows by id: the profile's name; each row's field is `roles.<its index>`.
  const rows = mappings.map((mapping, index) => ({ ...mapping, id: mapping.name, index }));
  const columns: DataGridColumn<(typeof rows)[number]>[] = [
    {
      field: 'profile',
      header: messages.profile,
      value: (row) => row.title,
      alwaysVisible: true,
      minWidth: 200,
    },
    {
      field: 'role',
      header: messages.role,
      value: (row) => row.mappedRole ?? '',
      alwaysVisible: true,
      minWidth: 240,
      render: (row) => (
        <SelectField
          label={messages.roleOf(row.title)}
          hideLabel
          options={roleOptions(held, row.mappedRole)}
          disabled={!editable(row)}
          {...form.register(`roles.${row.index}`)}
        />
      ),
    },
  ];

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    save.mutate(toPatch(mappings, values));
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {listError && <Alert variant="error">{listError}</Alert>}
      <WholeListGrid
        label={messages.title}
        rows={rows}
        columns={columns}
        empty={messages.noProfile}
        loading={false}
      />
      <Button type="submit" loading={save.isPending}>
        {messages.save}
      </Button>
      {outcome && <Alert variant={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
    </form>
  );
}

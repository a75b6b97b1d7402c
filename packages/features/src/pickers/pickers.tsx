import { listConsultantReferencesQuery, type ConsultantReference } from '@portal/api/agents';
import { listClientReferencesQuery, type ClientReference } from '@portal/api/customers';
import { Autocomplete } from '@portal/ui/autocomplete';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';

type PickerProps<Option> = {
  value: Option | null;
  onChange: (value: Option | null) => void;
  label?: string;
  error?: string;
};

type ReferencePickerProps<Option, Key extends readonly unknown[]> = PickerProps<Option> & {
  label: string;
  query: (search: string) => UseQueryOptions<Option[], Error, Option[], Key>;
  getKey: (option: Option) => number;
  getLabel: (option: Option) => string;
  getDescription: (option: Option) => string;
};

/** An autocomplete fed by a picker query, asked once the kit's minimum length is passed. */
function ReferencePicker<Option, Key extends readonly unknown[]>({
  query,
  error,
  ...props
}: ReferencePickerProps<Option, Key>) {
  const [search, setSearch] = useState('');
  const matches = useQuery({ ...query(search), enabled: search !== '' });
  return (
    <Autocomplete
      {...props}
      onSearch={setSearch}
      options={matches.data}
      loading={matches.isFetching}
      error={error ?? (matches.isError ? matches.error.message : undefined)}
    />
  );
}

/** Client picker: the caller's customers (staff: all) by name, after more than 3 characters. */
export function ClientPicker({ label = 'Client', ...props }: PickerProps<ClientReference>) {
  return (
    <ReferencePicker
      {...props}
      label={label}
      query={listClientReferencesQuery}
      getKey={(client) => client.id}
      getLabel={(client) => client.fullNameLastNameFirst}
      getDescription={(client) => client.clientId}
    />
  );
}

/** Agent picker: any agent for staff, self and downline for an agent, by name. */
export function AgentPicker({ label = 'Mandataire', ...props }: PickerProps<ConsultantReference>) {
  return (
    <ReferencePicker
      {...props}
      label={label}
      query={listConsultantReferencesQuery}
      getKey={(agent) => agent.id}
      getLabel={(agent) => agent.fullName}
      getDescription={(agent) => agent.idCgp}
    />
  );
}

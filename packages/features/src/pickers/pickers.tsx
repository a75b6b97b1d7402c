import { listConsultantReferencesQuery, type ConsultantReference } from '@portal/api/agents';
import { listClientReferencesQuery, type ClientReference } from '@portal/api/customers';
import { Autocomplete } from '@portal/ui/autocomplete';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

type PickerProps<Option> = {
  value: Option | null;
  onChange: (value: Option | null) => void;
  label?: string;
  error?: string;
};

/** Client picker: the caller's customers (staff: all) by name, after more than 3 characters. */
export function ClientPicker({
  value,
  onChange,
  label = 'Client',
  error,
}: PickerProps<ClientReference>) {
  const [search, setSearch] = useState('');
  const matches = useQuery({ ...listClientReferencesQuery(search), enabled: search !== '' });
  return (
    <Autocomplete
      label={label}
      value={value}
      onChange={onChange}
      onSearch={setSearch}
      options={matches.data}
      loading={matches.isFetching}
      getKey={(client) => client.id}
      getLabel={(client) => client.fullNameLastNameFirst}
      getDescription={(client) => client.clientId}
      error={error ?? (matches.isError ? matches.error.message : undefined)}
    />
  );
}

/** Agent picker: any agent for staff, self and downline for an agent, by name. */
export function AgentPicker({
  value,
  onChange,
  label = 'Mandataire',
  error,
}: PickerProps<ConsultantReference>) {
  const [search, setSearch] = useState('');
  const matches = useQuery({ ...listConsultantReferencesQuery(search), enabled: search !== '' });
  return (
    <Autocomplete
      label={label}
      value={value}
      onChange={onChange}
      onSearch={setSearch}
      options={matches.data}
      loading={matches.isFetching}
      getKey={(agent) => agent.id}
      getLabel={(agent) => agent.fullName}
      getDescription={(agent) => agent.idCgp}
      error={error ?? (matches.isError ? matches.error.message : undefined)}
    />
  );
}

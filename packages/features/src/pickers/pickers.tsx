import {
  getConsultantReferenceQuery,
  listConsultantReferencesQuery,
  type ConsultantReference,
} from '@portal/api/agents';
import {
  getClientReferenceQuery,
  listClientReferencesQuery,
  type ClientReference,
} from '@portal/api/customers';
import { listTeamAgentsQuery, listTeamSponsorsQuery } from '@portal/api/teams';
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

/**
 * Agent picker: any agent for staff, self and downline for an agent, by name, through
 * `GET /consultants`, `GET /cgps/teams/agents` for the team filter (`source="team"`), or
 * `GET /temp_cgps` for its sponsors (`source="sponsors"`, within `fromAgent`'s team if given).
 */
export function AgentPicker({
  label = 'Mandataire',
  source = 'consultants',
  fromAgent,
  ...props
}: PickerProps<ConsultantReference> & AgentSourceProps) {
  const shared = {
    ...props,
    label,
    getKey: (agent: ConsultantReference) => agent.id,
    getLabel: (agent: ConsultantReference) => agent.fullName,
    getDescription: (agent: ConsultantReference) => agent.idCgp,
  };
  if (source === 'sponsors')
    return (
      <ReferencePicker
        {...shared}
        query={(search: string) => listTeamSponsorsQuery(search, fromAgent)}
      />
    );
  return source === 'team' ? (
    <ReferencePicker {...shared} query={listTeamAgentsQuery} />
  ) : (
    <ReferencePicker {...shared} query={listConsultantReferencesQuery} />
  );
}

type AgentSourceProps = {
  source?: 'consultants' | 'team' | 'sponsors';
  /** With `sponsors`: search this agent's team only (his CGP id). */
  fromAgent?: string;
};

type FilterPickerProps = {
  /** The URL's value ('' for none): a customer id, or an agent's CGP id. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
};

/**
 * A picker whose value lives in the URL as a key: the option picked in this visit, or after a
 * reload the one the API finds for the key (its label); 'introuvable' when none is in reach.
 */
function useKeyedOption<Option, Key extends readonly unknown[]>(
  value: string,
  keyOf: (option: Option) => string,
  lookup: (key: string) => UseQueryOptions<Option | null, Error, Option | null, Key>,
) {
  const [picked, setPicked] = useState<Option | null>(null);
  const known = picked !== null && keyOf(picked) === value ? picked : null;
  const found = useQuery({ ...lookup(value), enabled: value !== '' && known === null });
  const option = value === '' ? null : (known ?? found.data ?? null);
  const missing = value !== '' && known === null && found.isSuccess && found.data === null;
  return { option, missing, setPicked };
}

/** The client picker of a list's filters, the customer's id in the URL. */
export function ClientFilterPicker({ value, onChange, label }: FilterPickerProps) {
  const { option, missing, setPicked } = useKeyedOption(
    value,
    (client: ClientReference) => String(client.id),
    getClientReferenceQuery,
  );
  return (
    <ClientPicker
      label={label}
      value={option}
      error={missing ? 'Client introuvable.' : undefined}
      onChange={(client) => {
        setPicked(client);
        onChange(client ? String(client.id) : '');
      }}
    />
  );
}

/** The agent picker of a list's filters, the agent's CGP id in the URL (the API's `cgpId`). */
export function AgentFilterPicker({
  value,
  onChange,
  label,
  source,
  fromAgent,
}: FilterPickerProps & AgentSourceProps) {
  const { option, missing, setPicked } = useKeyedOption(
    value,
    (agent: ConsultantReference) => agent.idCgp,
    getConsultantReferenceQuery,
  );
  return (
    <AgentPicker
      label={label}
      source={source}
      fromAgent={fromAgent}
      value={option}
      error={missing ? 'Mandataire introuvable.' : undefined}
      onChange={(agent) => {
        setPicked(agent);
        onChange(agent ? agent.idCgp : '');
      }}
    />
  );
}

import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import type { components } from '@portal/api/main';
import { listComponentsQuery, listProfilesQuery, queryKeys } from '@portal/api/queries';
import { Alert } from '@portal/ui/alert';
import { CheckboxMatrix } from '@portal/ui/checkbox-matrix';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';

type Component = components['schemas']['Component'];
type ComponentCollection = components['schemas']['ComponentCollection'];
type ProfileType = components['schemas']['ProfileType'];

interface Toggle {
  component: Component;
  profileIri: string;
  checked: boolean;
}

/** The whole new profile list of a component after one checkbox toggle. */
export function toggledProfiles({ component, profileIri, checked }: Toggle): string[] {
  const others = component.profiles.filter((iri) => iri !== profileIri);
  return checked ? [...others, profileIri] : others;
}

/**
 * Which profiles of one type hold which component. Each toggle saves the component with
 * its new profile list; the other cells of that component wait for the answer, so two quick
 * toggles never overwrite each other.
 */
export function ComponentMatrix({ type, caption }: { type: ProfileType; caption: string }) {
  const queryClient = useQueryClient();
  const componentsQuery = useQuery(listComponentsQuery());
  const profilesQuery = useQuery(listProfilesQuery(type));
  const [pending, setPending] = useState<{ componentId: number; profileIri: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (toggle: Toggle) =>
      unwrap(
        await api.main.PUT('/components/{id}', {
          params: { path: { id: toggle.component.id } },
          body: { profiles: toggledProfiles(toggle) },
        }),
      ),
    onMutate: ({ component, profileIri }) => {
      setFailure(null);
      setPending({ componentId: component.id, profileIri });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<ComponentCollection>(queryKeys.listComponents(), (list) =>
        list
          ? {
              ...list,
              'hydra:member': list['hydra:member'].map((item: Component) =>
                item.id === saved.id ? saved : item,
              ),
            }
          : list,
      );
    },
    onError: (error) => setFailure(messages.errorPrefix + error.message),
    onSettled: () => setPending(null),
  });

  const loadError = componentsQuery.error ?? profilesQuery.error;
  if (loadError) return <Alert variant="error">{messages.errorPrefix + loadError.message}</Alert>;
  if (!componentsQuery.data || !profilesQuery.data) {
    return <p role="status">{messages.loading}</p>;
  }

  const componentList: Component[] = componentsQuery.data['hydra:member'];
  const byId = new Map(componentList.map((component) => [String(component.id), component]));
  const profiles = profilesQuery.data['hydra:member'];

  return (
    <div className="space-y-3">
      {failure && <Alert variant="error">{failure}</Alert>}
      {profiles.length === 0 ? (
        <p className="text-muted">{messages.noProfile}</p>
      ) : (
        <CheckboxMatrix
          caption={caption}
          rowHeader={messages.componentHeader}
          rows={componentList.map((component) => ({
            id: String(component.id),
            label: component.title,
          }))}
          columns={profiles.map((profile) => ({ id: profile['@id'], label: profile.title }))}
          isChecked={(row, column) => byId.get(row)?.profiles.includes(column) ?? false}
          isPending={(row, column) =>
            pending !== null && String(pending.componentId) === row && pending.profileIri === column
          }
          isDisabled={(row) => pending !== null && String(pending.componentId) === row}
          onToggle={(row, column, checked) => {
            const component = byId.get(row);
            if (component) save.mutate({ component, profileIri: column, checked });
          }}
        />
      )}
    </div>
  );
}

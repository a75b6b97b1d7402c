import {
  type Component,
  listComponentsQuery,
  listProfilesQuery,
  type ProfileType,
  useUpdateComponent,
} from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { CheckboxMatrix } from '@portal/ui/checkbox-matrix';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';

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
 * The page or area a component belongs to, read from its title: 'Fiche client : export' and
 * 'Fiche client' go under 'Fiche client'.
 */
export function componentArea(title: string): string {
  return title.split(' : ')[0]!.trim();
}

/**
 * Which profiles of one type hold which component. Each toggle saves the component with
 * its new profile list; the other cells of that component wait for the answer, so two quick
 * toggles never overwrite each other.
 */
export function ComponentMatrix({ type, caption }: { type: ProfileType; caption: string }) {
  const componentsQuery = useQuery(listComponentsQuery());
  const profilesQuery = useQuery(listProfilesQuery({ type }));
  const [pending, setPending] = useState<{ componentId: number; profileIri: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The saved component replaces its line in the cached list.
  const save = useUpdateComponent({
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
            group: componentArea(component.title),
          }))}
          searchLabel={messages.matrixSearch}
          noMatchLabel={messages.matrixNoMatch}
          columns={profiles.map((profile) => ({ id: profile['@id'], label: profile.title }))}
          isChecked={(row, column) => byId.get(row)?.profiles.includes(column) ?? false}
          isPending={(row, column) =>
            pending !== null && String(pending.componentId) === row && pending.profileIri === column
          }
          isDisabled={(row) => pending !== null && String(pending.componentId) === row}
          onToggle={(row, column, checked) => {
            const component = byId.get(row);
            if (!component) return;
            setFailure(null);
            setPending({ componentId: component.id, profileIri: column });
            save.mutate({
              id: component.id,
              profiles: toggledProfiles({ component, profileIri: column, checked }),
            });
          }}
        />
      )}
    </div>
  );
}

import { listFoldersQuery, listMediaObjectsQuery, type LibraryType } from '@portal/api/library';
import { useSession } from '@portal/auth/guard';
import { Autocomplete, AUTOCOMPLETE_LABELS_FR } from '@portal/ui/autocomplete';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { folderChain, LIBRARY_VIEW_COMPONENTS } from './library-paths';
import { messages, requestMessages } from './messages';

/** A document of a library the user may read, named by its library and folders. */
export type DocumentOption = {
  id: number;
  /** `/media_objects/{id}`, as a request names its document. */
  iri: string;
  /** 'Bibliothèque / Marketing / Agences / Plaquette.pdf'. */
  label: string;
};

const VIEW_COMPONENTS = Object.entries(LIBRARY_VIEW_COMPONENTS) as [LibraryType, string][];

/** Lower case, accents folded: 'Réglementaire' is found by 'reglementaire'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');

/**
 * The documents of the libraries the user may read, each with its library and folder path
 * (several libraries hold files of the same name), sorted by that path.
 */
export function useDocumentOptions(enabled = true): DocumentOption[] {
  const held = useSession()?.components ?? [];
  const types = VIEW_COMPONENTS.filter(([, component]) => held.includes(component)).map(
    ([type]) => type,
  );
  const folderLists = useQueries({
    queries: types.map((type) => ({ ...listFoldersQuery(type), enabled })),
  });
  const fileLists = useQueries({
    queries: types.map((type) => ({ ...listMediaObjectsQuery(type), enabled })),
  });
  return types
    .flatMap((type, index) => {
      const byId = new Map(
        (folderLists[index]?.data?.['hydra:member'] ?? []).map((f) => [f.id, f]),
      );
      return (fileLists[index]?.data?.['hydra:member'] ?? []).map((file) => ({
        id: file.id,
        iri: file['@id'],
        label: [
          messages.titles[type],
          ...folderChain(byId, byId.get(file.folder)).map((f) => f.name),
          file.displayName,
        ].join(' / '),
      }));
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

export type DocumentPickerProps = {
  label: string;
  options: DocumentOption[];
  value: DocumentOption | null;
  onChange: (value: DocumentOption | null) => void;
  error?: string;
};

/**
 * Picks a document by any words of its name, folders or library (accents and case ignored):
 * the library and folder path tell apart files of the same name.
 */
export function DocumentPicker({ options, ...props }: DocumentPickerProps) {
  const [search, setSearch] = useState('');
  const words = fold(search).split(/\s+/).filter(Boolean);
  const matches = options.filter((option) => {
    const label = fold(option.label);
    return words.every((word) => label.includes(word));
  });
  return (
    <Autocomplete
      {...props}
      onSearch={setSearch}
      options={search === '' ? undefined : matches}
      minLength={0}
      debounceMs={100}
      getKey={(option) => option.id}
      getLabel={(option) => option.label}
      labels={{ ...AUTOCOMPLETE_LABELS_FR, tooShort: () => requestMessages.documentSearchHint }}
    />
  );
}

import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Label,
  Field,
} from '@headlessui/react';
import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

export type AutocompleteLabels = {
  /** Under the minimum length, e.g. (n) => `Saisissez au moins ${n} caractères.` */
  tooShort: (minimum: number) => string;
  searching: string;
  noMatch: string;
  clear: string;
};

export const AUTOCOMPLETE_LABELS_FR: AutocompleteLabels = {
  tooShort: (minimum) => `Saisissez au moins ${minimum} caractères.`,
  searching: 'Recherche…',
  noMatch: 'Aucun résultat.',
  clear: 'Effacer',
};

export type AutocompleteProps<Option> = {
  label: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  /** The search as typed, debounced; options come back through `options`. */
  onSearch: (search: string) => void;
  options: Option[] | undefined;
  loading?: boolean;
  /** Searches start above this many characters (spec: more than 3). */
  minLength?: number;
  getKey: (option: Option) => string | number;
  getLabel: (option: Option) => string;
  /** A second line under the label, e.g. the CGP id. */
  getDescription?: (option: Option) => string | undefined;
  placeholder?: string;
  error?: string;
  labels?: AutocompleteLabels;
  debounceMs?: number;
};

/**
 * Type-ahead picker (Headless UI Combobox): searches once the text is longer than `minLength`,
 * debounced; arrows, Enter and Escape as the ARIA combobox pattern; 'Effacer' empties it.
 */
export function Autocomplete<Option>({
  label,
  value,
  onChange,
  onSearch,
  options,
  loading = false,
  minLength = 3,
  getKey,
  getLabel,
  getDescription,
  placeholder,
  error,
  labels = AUTOCOMPLETE_LABELS_FR,
  debounceMs = 250,
}: AutocompleteProps<Option>) {
  const [query, setQuery] = useState('');
  const long = query.trim().length > minLength;

  useEffect(() => {
    if (!long) return;
    const timer = setTimeout(() => onSearch(query.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [query, long, onSearch, debounceMs]);

  const status = !long
    ? labels.tooShort(minLength + 1)
    : loading
      ? labels.searching
      : options && options.length === 0
        ? labels.noMatch
        : null;

  return (
    <Field className="space-y-1">
      <Label className="block text-sm font-medium text-ink">{label}</Label>
      <Combobox
        value={value}
        onChange={onChange}
        onClose={() => setQuery('')}
        by={(a, b) => (a && b ? getKey(a) === getKey(b) : a === b)}
      >
        <div className="relative">
          <div className="relative flex items-center">
            <ComboboxInput
              className={`h-10 w-full rounded-lg border bg-surface px-3 pr-20 text-sm text-ink ${
                error ? 'border-danger' : 'border-line'
              } focus:outline-2 focus:outline-offset-1 focus:outline-brand-600`}
              displayValue={(option: Option | null) => (option ? getLabel(option) : '')}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              autoComplete="off"
            />
            <div className="absolute right-2 flex items-center gap-1">
              {loading && <Spinner className="size-4 text-ink-muted" />}
              {value && (
                <button
                  type="button"
                  className="rounded px-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                  onClick={() => onChange(null)}
                >
                  {labels.clear}
                </button>
              )}
              <ComboboxButton className="sr-only">{label}</ComboboxButton>
            </div>
          </div>
          {/* Positioned by CSS, not `anchor`: no portal, no focus sentinels. */}
          <ComboboxOptions
            className="absolute left-0 right-0 top-full z-30 mt-1 max-h-64 overflow-auto rounded-lg border border-line bg-surface py-1 shadow-lg empty:invisible"
            modal={false}
          >
            {status ? (
              <div role="status" className="px-3 py-2 text-sm text-ink-muted">
                {status}
              </div>
            ) : (
              (options ?? []).map((option) => (
                <ComboboxOption
                  key={getKey(option)}
                  value={option}
                  className="cursor-pointer px-3 py-2 text-sm text-ink data-focus:bg-brand-50"
                >
                  <span className="block">{getLabel(option)}</span>
                  {getDescription?.(option) && (
                    <span className="block text-xs text-ink-muted">{getDescription(option)}</span>
                  )}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
      {/* A Description of the Field: the input names it in aria-describedby. */}
      {error && (
        <Description as="p" className="text-sm text-danger-700">
          {error}
        </Description>
      )}
    </Field>
  );
}

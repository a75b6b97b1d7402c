import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Checkbox } from './checkbox';
import { DEFAULT_FILTERS, type NewsFilters } from './filters';
import { messages } from './messages';

export type NewsFiltersFormProps = {
  /** The filters in force (from the URL). */
  value: NewsFilters;
  /** Submit: the typed filters become the ones in force. */
  onApply: (filters: NewsFilters) => void;
};

/**
 * Filter form of the news lists (Titre, Contient, publication date range, 'Affiché en
 * Carousel'): nothing applies until it is submitted; 'Réinitialiser' restores the defaults.
 * Mount it with `key` = the query string so back/forward shows the filters of the URL.
 */
export function NewsFiltersForm({ value, onApply }: NewsFiltersFormProps) {
  const [draft, setDraft] = useState<NewsFilters>(value);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const set = <K extends keyof NewsFilters>(name: K, next: NewsFilters[K]) =>
    setDraft((current) => ({ ...current, [name]: next }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.after && draft.before && draft.before < draft.after) {
      setRangeError(messages.dateRangeInvalid);
      return;
    }
    setRangeError(undefined);
    onApply({ ...draft, title: draft.title.trim(), terms: draft.terms.trim() });
  };
  const onReset = () => {
    setDraft(DEFAULT_FILTERS);
    setRangeError(undefined);
    onApply(DEFAULT_FILTERS);
  };

  return (
    <form
      role="search"
      aria-label={messages.filters}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-card bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label={messages.filterTitle}
        name="title"
        autoComplete="off"
        value={draft.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextField
        label={messages.filterTerms}
        name="terms"
        autoComplete="off"
        value={draft.terms}
        onChange={(event) => set('terms', event.target.value)}
      />
      <TextField
        label={messages.filterAfter}
        name="after"
        type="date"
        value={draft.after}
        onChange={(event) => set('after', event.target.value)}
      />
      <TextField
        label={messages.filterBefore}
        name="before"
        type="date"
        value={draft.before}
        error={rangeError}
        onChange={(event) => set('before', event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <Checkbox
          label={messages.filterSlider}
          name="carousel"
          checked={draft.slider}
          onChange={(event) => set('slider', event.target.checked)}
          className="mr-auto"
        />
        <Button variant="secondary" onClick={onReset}>
          {messages.reset}
        </Button>
        <Button type="submit">{messages.filter}</Button>
      </div>
    </form>
  );
}

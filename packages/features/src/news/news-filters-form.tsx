import { Checkbox } from '@portal/ui/checkbox';
import { DateRangeField } from '@portal/ui/date-range-field';
import { TextField } from '@portal/ui/text-field';
import { useState } from 'react';
import { dateFieldLabels } from '../common';
import { FilterForm } from '../list-kit';
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
  const set = <K extends keyof NewsFilters>(name: K, next: NewsFilters[K]) =>
    setDraft((current) => ({ ...current, [name]: next }));

  return (
    <FilterForm
      label={messages.filters}
      onSubmit={() => onApply({ ...draft, title: draft.title.trim(), terms: draft.terms.trim() })}
      onReset={() => {
        setDraft(DEFAULT_FILTERS);
        onApply(DEFAULT_FILTERS);
      }}
      className="grid gap-4 rounded-card bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      actionsClassName="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4"
      extra={
        <Checkbox
          label={messages.filterSlider}
          name="sliderDisplayed"
          checked={draft.sliderDisplayed}
          onChange={(event) => set('sliderDisplayed', event.target.checked)}
          className="mr-auto"
        />
      }
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
      <DateRangeField
        label={messages.fieldDate}
        fromLabel={messages.filterAfter}
        toLabel={messages.filterBefore}
        fromName="date[after]"
        toName="date[before]"
        labels={dateFieldLabels}
        value={{ from: draft['date[after]'], to: draft['date[before]'] }}
        onChange={(range) =>
          setDraft((current) => ({
            ...current,
            'date[after]': range.from,
            'date[before]': range.to,
          }))
        }
        className="sm:col-span-2"
      />
    </FilterForm>
  );
}

import { limits } from '@portal/api/limits';
import { Checkbox } from '@portal/ui/checkbox';
import { DateRangeField } from '@portal/ui/date-range-field';
import { dateFieldLabels } from '../common';
import { FilterTextField, ListFilters, type ListScreenState } from '../list-kit';
import type { NewsFilters } from './filters';
import { messages } from './messages';

/**
 * Filter form of the news lists (Titre, Contient, publication date range, 'Affiché en
 * Carousel') over the list's URL filters: nothing applies until it is submitted;
 * 'Réinitialiser' restores the defaults.
 */
export function NewsFiltersForm({ list }: { list: ListScreenState<NewsFilters> }) {
  return (
    <ListFilters
      list={list}
      label={messages.filters}
      className="grid gap-4 rounded-card bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      actionsClassName="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4"
      extra={(draft, set) => (
        <Checkbox
          label={messages.filterSlider}
          name="sliderDisplayed"
          checked={draft.sliderDisplayed}
          onChange={(event) => set({ sliderDisplayed: event.target.checked })}
          className="mr-auto"
        />
      )}
    >
      {(draft, set) => (
        <>
          <FilterTextField
            label={messages.filterTitle}
            name="title"
            maxLength={limits.newsFilter}
            value={draft.title}
            onChange={(event) => set({ title: event.target.value })}
          />
          <FilterTextField
            label={messages.filterTerms}
            name="terms"
            maxLength={limits.newsFilter}
            value={draft.terms}
            onChange={(event) => set({ terms: event.target.value })}
          />
          <DateRangeField
            label={messages.fieldDate}
            fromLabel={messages.filterAfter}
            toLabel={messages.filterBefore}
            fromName="date[after]"
            toName="date[before]"
            labels={dateFieldLabels}
            value={{ from: draft['date[after]'], to: draft['date[before]'] }}
            onChange={(range) => set({ 'date[after]': range.from, 'date[before]': range.to })}
            className="sm:col-span-2"
          />
        </>
      )}
    </ListFilters>
  );
}

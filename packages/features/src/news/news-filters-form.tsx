import { limits } from '@portal/api/limits';
import { Checkbox } from '@portal/ui/checkbox';
import { DateRangeField } from '@portal/ui/date-range-field';
import { dateFieldLabels } from '../common';
import { FilterTextField, ListFilters, type ListScreenState } from '../list-kit';
import type { NewsFilters } from './filters';
import { messages } from './messages';

/** The text filters: 'Titre' and 'Contient', both as long as the contract allows. */
const TEXT_FILTERS = [
  ['title', messages.filterTitle],
  ['terms', messages.filterTerms],
] as const;

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
          {TEXT_FILTERS.map(([name, label]) => (
            <FilterTextField
              key={name}
              label={label}
              name={name}
              maxLength={limits.newsFilter}
              value={draft[name]}
              onChange={(event) => set({ [name]: event.target.value })}
            />
          ))}
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

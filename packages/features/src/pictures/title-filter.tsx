import { limits } from '@portal/api/limits';
import { FilterTextField, ListFilters, type ListFiltersProps } from '../list-kit';
import { messages } from './messages';

export type TitleFilters = { title: string };

/**
 * The image bank's one filter, its title (`GET /image_banks`' `title`): the library's, in the
 * URL, and the picker's, held by its dialog.
 */
export function TitleFilter({
  list,
  className = 'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end',
}: Pick<ListFiltersProps<TitleFilters>, 'list' | 'className'>) {
  return (
    <ListFilters list={list} label={messages.filters} className={className}>
      {(draft, set) => (
        <FilterTextField
          label={messages.titleFilter}
          name="title"
          maxLength={limits.pictureTitleFilter}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          className="md:w-72"
        />
      )}
    </ListFilters>
  );
}

import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { filtersFromSearch, filtersToSearch, type NewsFilters } from './filters';

/**
 * The news filters in force, read from and written to the query string: a filtered view can
 * be bookmarked, and the back button returns to the previous filters.
 */
export function useNewsFilters(): {
  filters: NewsFilters;
  /** Stable key of the filters, e.g. to remount the form when the URL changes. */
  searchKey: string;
  apply: (filters: NewsFilters) => void;
} {
  const [search, setSearch] = useSearchParams();
  const searchKey = filtersToSearch(filtersFromSearch(search)).toString();
  const filters = useMemo(() => filtersFromSearch(searchKey), [searchKey]);
  const apply = (next: NewsFilters) => {
    const params = filtersToSearch(next);
    // Same filters again: nothing to push on the history.
    if (params.toString() !== searchKey) setSearch(params);
  };
  return { filters, searchKey, apply };
}

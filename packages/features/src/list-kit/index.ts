// The list-screen kit of the features, one recipe: `useListScreen` (the URL's filters and
// grids), `ListScreen` and `ListFilters`, and the grids of `./paged-grid` (docs/pattern.md).
export {
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  type FilterSchema,
  urlFilter,
} from './url-filters';
export {
  activeFilterCount,
  type ApiQuery,
  DIRECTIONS,
  exportQuery,
  filtersQuery,
  gridFromSearch,
  gridQuery,
  type GridSpec,
  type GridState,
  gridToSearch,
  lastPageOf,
  listToSearch,
  PAGE_SIZES,
  type PageSize,
  scopedGrids,
  type StoredGridSpec,
} from './list-url';
export {
  type ListGrid,
  type ListScreenOptions,
  type ListScreenState,
  useListScreen,
} from './use-list-screen';
export { type FilterField, FilterTextField } from './filter-fields';
export { dateRangeFilter } from './date-range-filter';
export { textFilters } from './text-filters';
export { column, sortableColumn } from './columns';
export {
  ListFilters,
  type ListFiltersProps,
  ListScreen,
  type ListScreenProps,
} from './list-screen';
export { ListPagination, type ListPaginationProps, RouterLink } from './list-pagination';
export { BackLink, useNavigateWithBack } from './back-link';
export { RecordFact, RecordFrame, type RecordFrameProps, RecordHeader } from './record-frame';

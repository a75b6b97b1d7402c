// The list-screen kit of the features: URL-synced filters from a zod schema and the filter form.
export {
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  type FilterSchema,
  urlFilter,
  type UrlFilters,
  useUrlFilters,
} from './url-filters';
export {
  DraftFilterForm,
  type DraftFilterFormProps,
  FilterForm,
  type FilterFormProps,
} from './filter-form';
export { TextFilter, type TextFilterProps } from './text-filter';
export { ListPage, type ListPageProps } from './list-page';
export { useDraft } from './use-draft';
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
} from './list-url';
export {
  type ListGrid,
  type ListScreenOptions,
  type ListScreenState,
  useListScreen,
} from './use-list-screen';
export { type FilterField, FilterFields, FilterTextField } from './filter-fields';
export { dateRangeFilter } from './date-range-filter';
export {
  ListFilters,
  type ListFiltersProps,
  ListScreen,
  type ListScreenProps,
} from './list-screen';
export { BackLink, useNavigateWithBack } from './back-link';
export { RecordFact, RecordFrame, type RecordFrameProps, RecordHeader } from './record-frame';

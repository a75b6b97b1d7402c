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
export { BackLink, useNavigateWithBack } from './back-link';

import type { ReactNode } from 'react';
import { type FilterField, FilterFields } from './filter-fields';
import { DraftFilterForm } from './filter-form';
import type { ListScreenState } from './use-list-screen';

export type ListScreenProps = {
  /** The page's h1. */
  title: string;
  /** Above the title, e.g. 'Retour'. */
  before?: ReactNode;
  /** Beside the title: the main action (a link, 'Créer…'). */
  action?: ReactNode;
  /** Beside the title after the action: the export button(s), gated by the screen. */
  exportButton?: ReactNode;
  /** Sums and summary cards, above the filters. */
  summary?: ReactNode;
  /** The filter form (`ListFilters`). */
  filters?: ReactNode;
  /** The grids (`PagedGrid`), and whatever the page shows with them. */
  children: ReactNode;
};

/**
 * The frame of every list screen: title with its action and export, the summary cards, the
 * filters, then the grids. The URL state comes from `useListScreen`, the grids are `PagedGrid`
 * (`@portal/features/list-kit/paged-grid`).
 */
export function ListScreen({
  title,
  before,
  action,
  exportButton,
  summary,
  filters,
  children,
}: ListScreenProps) {
  return (
    <div className="space-y-6">
      {before}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {action || exportButton ? (
          <div className="flex flex-wrap items-center gap-3">
            {action}
            {exportButton}
          </div>
        ) : null}
      </div>
      {summary}
      {filters}
      {children}
    </div>
  );
}

export type ListFiltersProps<F extends object> = {
  /**
   * The filters' state: `useListScreen`'s; a filter outside the URL (a picker's, in a dialog)
   * gives its own, without `activeCount` (the form then never collapses).
   */
  list: Pick<ListScreenState<F>, 'filters' | 'defaults' | 'apply' | 'reset'> & {
    activeCount?: number;
  };
  /** Accessible name of the search landmark, e.g. 'Filtres des clients'. */
  label: string;
  /** The fields, declared, in a grid (`fieldsClassName`). */
  fields?: readonly FilterField<F>[];
  /**
   * The grid of the declared fields: four columns on a large screen unless said otherwise;
   * `null`: no grid, the fields straight in the form.
   */
  fieldsClassName?: string | null;
  /**
   * More fields after the declared ones (years, checkboxes), editing the draft; 'Filtrer'
   * applies it, 'Réinitialiser' clears it.
   */
  children?: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
  /** Before the buttons on their row (a checkbox), editing the draft too. */
  extra?: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
  className?: string;
  actionsClassName?: string;
};

/**
 * A list screen's filter form over a draft of its URL filters: nothing applies before
 * 'Filtrer' (then every grid goes back to page 1); 'Réinitialiser' restores the defaults. On a
 * phone the form collapses behind 'Filtres (n)'.
 */
export function ListFilters<F extends object>({
  list,
  label,
  fields,
  fieldsClassName = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4',
  children,
  extra,
  className = 'space-y-4 rounded-card bg-surface p-4 shadow-sm',
  actionsClassName,
}: ListFiltersProps<F>) {
  return (
    <DraftFilterForm
      label={label}
      value={list.filters}
      defaults={list.defaults}
      onApply={list.apply}
      onReset={list.reset}
      extra={extra}
      className={className}
      actionsClassName={actionsClassName}
      activeCount={list.activeCount}
    >
      {(draft, set) => (
        <>
          {fields &&
            (fieldsClassName === null ? (
              <FilterFields fields={fields} draft={draft} set={set} />
            ) : (
              <div className={fieldsClassName}>
                <FilterFields fields={fields} draft={draft} set={set} />
              </div>
            ))}
          {children?.(draft, set)}
        </>
      )}
    </DraftFilterForm>
  );
}

export { FilterTextField } from './filter-fields';

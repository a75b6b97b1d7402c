import type { TrackingPeriod } from '@portal/api/analytics';
import { dateFieldLabels } from '../common';
import { DateField } from '@portal/ui/date-field';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { filtersToSearch, urlFilter, useListScreen } from '../list-kit';
import { messages } from './messages';

/*
 * The tabs of the analytics pages, shared by the network's page (`/tracking/global`) and a
 * user's (`/tracking/users/{id}/details`, the same figures under `/tracking/users/{id}/…`): tab and period in
 * the URL, each figure a chart with its table, each tab its exports.
 */

export const TABS = ['top', 'connections', 'pages', 'documents'] as const;
export type Tab = (typeof TABS)[number];

/**
 * Each tab's figures load with the tab: a page brings echarts' core and only the chart types
 * its open tab draws (the pie comes with Connexions, the lines with Connexions and pages).
 */
const TAB_FIGURES = {
  top: lazy(() => import('./top-tab')),
  connections: lazy(() => import('./connections-tab')),
  pages: lazy(() => import('./pages-tab')),
  documents: lazy(() => import('./documents-tab')),
} satisfies Record<Tab, unknown>;

/** Tab and period in the URL; `hrefOf(tab)` keeps the period. */
export function usePeriodFilters(path: string, tabs: readonly Tab[]) {
  const schema = periodSchema(tabs);
  const url = useListScreen({ filters: schema, grids: NO_GRIDS });
  const hrefOf = (tab: Tab) =>
    `${path}?${filtersToSearch(schema, { ...url.filters, tab }).toString()}`;
  return { ...url, hrefOf };
}

/** Figures, not a grid: the URL holds the tab and the period only. */
const NO_GRIDS = [] as const;
const schemas = new Map<string, ReturnType<typeof makeSchema>>();
const makeSchema = (tabs: readonly Tab[]) =>
  z.object({
    tab: urlFilter.oneOf(tabs, tabs[0]!),
    from: urlFilter.day(),
    to: urlFilter.day(),
  });
/** One schema object per tab list: `useListScreen` memoises on it. */
function periodSchema(tabs: readonly Tab[]) {
  const key = tabs.join();
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = makeSchema(tabs)));
  return schema;
}

/** The links of the tabs: a navigation (each tab is its own URL), the current one marked. */
export function TabLinks({
  tabs,
  current,
  hrefOf,
}: {
  tabs: readonly Tab[];
  current: Tab;
  hrefOf: (tab: Tab) => string;
}) {
  return (
    <nav aria-label={messages.tabsLabel}>
      <ul className="flex flex-wrap gap-1 border-b border-slate-300">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              href={hrefOf(tab)}
              aria-current={tab === current ? 'page' : undefined}
              className={`inline-block rounded-t px-4 py-2 text-sm font-semibold ${
                tab === current
                  ? 'border-b-2 border-brand-700 text-brand-700'
                  : 'text-slate-700 hover:text-brand-700'
              }`}
            >
              {messages.tabs[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-end gap-4">
      <legend className="mb-1 text-sm font-semibold text-ink">{messages.periodLabel}</legend>
      <DateField
        label={messages.from}
        value={from}
        max={to || undefined}
        onChange={(value) => onChange({ from: value })}
        labels={dateFieldLabels}
      />
      <DateField
        label={messages.to}
        value={to}
        min={from || undefined}
        onChange={(value) => onChange({ to: value })}
        labels={dateFieldLabels}
      />
      <p className="pb-2 text-sm text-slate-700">{messages.periodHint}</p>
    </fieldset>
  );
}

/** The figures of one tab for the period (and user). */
export function TabFigures({ tab, period }: { tab: Tab; period: TrackingPeriod }) {
  const Figures = TAB_FIGURES[tab];
  return (
    <Suspense fallback={<p className="text-sm text-slate-700">{messages.loading}</p>}>
      <Figures period={period} />
    </Suspense>
  );
}

/** The API's period from the URL's: empty days left out (the server's 10 days). */
export function periodQuery(
  filters: { from: string; to: string },
  userId?: number,
): TrackingPeriod {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(userId ? { userId } : {}),
  };
}

import {
  exportTracking,
  getTrackingConnectionsTotalQuery,
  listTrackingConnectionsDaysQuery,
  listTrackingDevicesQuery,
  listTrackingDocumentsQuery,
  listTrackingPageClicksQuery,
  listTrackingPagesDaysQuery,
  listTrackingTopConsultantsQuery,
  listTrackingTopDocumentsQuery,
  listTrackingTopPagesQuery,
  type TrackingExport,
  type TrackingItem,
  type TrackingPeriod,
} from '@portal/api/analytics';
import { Alert } from '@portal/ui/alert';
import { BarChart } from '@portal/ui/bar-chart';
import type { ChartData } from '@portal/ui/chart-figure';
import { dateFieldLabels } from '../common';
import { DateField } from '@portal/ui/date-field';
import { ExportButton } from '@portal/ui/export-button';
import { formatDate } from '@portal/ui/format';
import { LineChart } from '@portal/ui/line-chart';
import { PieChart } from '@portal/ui/pie-chart';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { filtersToSearch, urlFilter, useUrlFilters } from '../list-kit';
import { messages } from './messages';

/*
 * The tabs of the analytics pages, shared by the network's page (`/tracking/global`) and a
 * user's (`/tracking/users/{id}/details`, the same figures with `userId`): tab and period in
 * the URL, each figure a chart with its table, each tab its exports.
 */

export const TABS = ['top', 'connections', 'pages', 'documents'] as const;
export type Tab = (typeof TABS)[number];

/** Tab and period in the URL; `hrefOf(tab)` keeps the period. */
export function usePeriodFilters(path: string, tabs: readonly Tab[]) {
  const schema = periodSchema(tabs);
  const url = useUrlFilters(schema);
  const hrefOf = (tab: Tab) =>
    `${path}?${filtersToSearch(schema, { ...url.filters, tab }).toString()}`;
  return { ...url, hrefOf };
}

const schemas = new Map<string, ReturnType<typeof makeSchema>>();
const makeSchema = (tabs: readonly Tab[]) =>
  z.object({
    tab: urlFilter.oneOf(tabs, tabs[0]!),
    from: urlFilter.day(),
    to: urlFilter.day(),
  });
/** One schema object per tab list: `useUrlFilters` memoises on it. */
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

/** A figure's loading and failure states ('Une erreur est survenue', spec part 2 §8). */
function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <Alert variant="error">{messages.failed}</Alert>;
  if (query.data === undefined) return <p className="text-sm text-slate-700">{messages.loading}</p>;
  return <>{children(query.data)}</>;
}

type Members<T> = { 'hydra:member': T[] };

const itemsData = (
  items: TrackingItem[],
  categoryLabel: string,
  valueLabel: string,
  label: (item: TrackingItem) => string = (item) => item.name,
): ChartData => ({
  categoryLabel,
  categories: items.map(label),
  series: [{ name: valueLabel, values: items.map((item) => item.value) }],
});

const dayLabel = (day: string) => formatDate(day).slice(0, 5);

function Exports({ period, which }: { period: TrackingPeriod; which: TrackingExport[] }) {
  return (
    <div className="flex flex-wrap gap-3">
      {which.map((name) => (
        <ExportButton
          key={name}
          variant="secondary"
          onExport={(onProgress) => exportTracking(name, period, onProgress)}
          labels={{
            idle: messages.exports[name],
            running: (received) => (received ? `Export en cours… ${received}` : 'Export en cours…'),
            failed: () => messages.failed,
            defaultFileName: `suivi_${name}.xlsx`,
          }}
        />
      ))}
    </div>
  );
}

function TopTab({ period }: { period: TrackingPeriod }) {
  const consultants = useQuery(listTrackingTopConsultantsQuery(period));
  const pages = useQuery(listTrackingTopPagesQuery(period));
  const documents = useQuery(listTrackingTopDocumentsQuery(period));
  const top = (
    query: UseQueryResult<Members<TrackingItem>>,
    title: string,
    category: string,
    value: string,
    label?: (item: TrackingItem) => string,
  ) => (
    <Loaded query={query}>
      {(data) => (
        <BarChart
          horizontal
          title={title}
          data={itemsData(data['hydra:member'], category, value, label)}
          empty={messages.none}
          height={Math.max(200, Math.min(data['hydra:member'].length, 10) * 32)}
        />
      )}
    </Loaded>
  );
  return (
    <div className="space-y-6">
      <Exports period={period} which={['topConsultants', 'topPages', 'topDocuments']} />
      {top(
        consultants,
        messages.topConsultants,
        messages.user,
        messages.actions,
        (item) => item.displayName ?? item.name,
      )}
      {top(pages, messages.topPagesList, messages.page, messages.views)}
      {top(documents, messages.topDocumentsList, messages.document, messages.downloads)}
    </div>
  );
}

function ConnectionsTab({ period }: { period: TrackingPeriod }) {
  const total = useQuery(getTrackingConnectionsTotalQuery(period));
  const days = useQuery(listTrackingConnectionsDaysQuery(period));
  const devices = useQuery(listTrackingDevicesQuery(period));
  return (
    <div className="space-y-6">
      <Exports period={period} which={['sessions']} />
      <Loaded query={total}>
        {(data) => (
          <section
            aria-label={messages.totals}
            className="rounded border border-slate-200 bg-white p-4"
          >
            <h2 className="font-semibold text-slate-900">{messages.totals}</h2>
            <dl className="mt-2 flex flex-wrap gap-8">
              <div>
                <dt className="text-sm text-slate-700">{messages.unique}</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {data.unique.toLocaleString('fr-FR')}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">{messages.total}</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {data.total.toLocaleString('fr-FR')}
                </dd>
              </div>
            </dl>
          </section>
        )}
      </Loaded>
      <Loaded query={days}>
        {(data) => {
          const rows = data['hydra:member'];
          return (
            <LineChart
              title={messages.connectionsDays}
              data={{
                categoryLabel: messages.day,
                categories: rows.map((row) => dayLabel(row.date)),
                series: [
                  { name: messages.unique, values: rows.map((row) => row.unique) },
                  { name: messages.total, values: rows.map((row) => row.total) },
                ],
              }}
            />
          );
        }}
      </Loaded>
      <Loaded query={devices}>
        {(data) => (
          <PieChart
            title={messages.devices}
            data={itemsData(data['hydra:member'], messages.device, messages.sessions)}
          />
        )}
      </Loaded>
    </div>
  );
}

function PagesTab({ period }: { period: TrackingPeriod }) {
  const days = useQuery(listTrackingPagesDaysQuery(period));
  const pages = useQuery(listTrackingTopPagesQuery(period));
  const clicks = useQuery(listTrackingPageClicksQuery(period));
  return (
    <div className="space-y-6">
      <Exports period={period} which={['pages', 'clicks']} />
      <Loaded query={days}>
        {(data) => (
          <LineChart
            title={messages.pagesDays}
            data={itemsData(data['hydra:member'], messages.day, messages.views, (item) =>
              dayLabel(item.date ?? item.name),
            )}
          />
        )}
      </Loaded>
      <Loaded query={pages}>
        {(data) => (
          <BarChart
            horizontal
            title={messages.topPages}
            data={itemsData(data['hydra:member'].slice(0, 10), messages.page, messages.views)}
            empty={messages.none}
          />
        )}
      </Loaded>
      <Loaded query={clicks}>
        {(data) => (
          <BarChart
            horizontal
            title={messages.topClicks}
            data={itemsData(data['hydra:member'], messages.element, messages.clicks, (item) =>
              item.path ? `${item.name} (${item.path})` : item.name,
            )}
            empty={messages.none}
          />
        )}
      </Loaded>
    </div>
  );
}

function DocumentsTab({ period }: { period: TrackingPeriod }) {
  const documents = useQuery(listTrackingDocumentsQuery(period));
  return (
    <div className="space-y-6">
      <Exports period={period} which={['documents']} />
      <Loaded query={documents}>
        {(data) => (
          <BarChart
            horizontal
            title={messages.documents}
            data={itemsData(data['hydra:member'], messages.document, messages.downloads)}
            empty={messages.none}
          />
        )}
      </Loaded>
    </div>
  );
}

/** The figures of one tab for the period (and user). */
export function TabFigures({ tab, period }: { tab: Tab; period: TrackingPeriod }) {
  switch (tab) {
    case 'top':
      return <TopTab period={period} />;
    case 'connections':
      return <ConnectionsTab period={period} />;
    case 'pages':
      return <PagesTab period={period} />;
    case 'documents':
      return <DocumentsTab period={period} />;
  }
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

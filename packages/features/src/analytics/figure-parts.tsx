import {
  exportTracking,
  type TrackingExport,
  type TrackingItem,
  type TrackingPeriod,
} from '@portal/api/analytics';
import { Alert } from '@portal/ui/alert';
import type { ChartData } from '@portal/ui/chart-figure';
import { ExportButton } from '@portal/ui/export-button';
import { formatDate } from '@portal/ui/format';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from './messages';

/** What the tabs share: a figure's states, its data for the charts, the exports. */

/** A figure's loading and failure states ('Une erreur est survenue', spec part 2 §8). */
export function Loaded<T>({
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

export type Members<T> = { 'hydra:member': T[] };

export const itemsData = (
  items: TrackingItem[],
  categoryLabel: string,
  valueLabel: string,
  label: (item: TrackingItem) => string = (item) => item.name,
): ChartData => ({
  categoryLabel,
  categories: items.map(label),
  series: [{ name: valueLabel, values: items.map((item) => item.value) }],
});

/**
 * A page by its French title; two pages of the list with one title (a library and its folders)
 * by their route too, so that no two rows read alike.
 */
export function pageLabel(data: Members<TrackingItem> | undefined) {
  const titles = new Map<string, number>();
  for (const item of data?.['hydra:member'] ?? [])
    titles.set(item.name, (titles.get(item.name) ?? 0) + 1);
  return (item: TrackingItem) =>
    (titles.get(item.name) ?? 0) > 1 && item.path ? `${item.name} (${item.path})` : item.name;
}

export const dayLabel = (day: string) => formatDate(day).slice(0, 5);

export function Exports({ period, which }: { period: TrackingPeriod; which: TrackingExport[] }) {
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

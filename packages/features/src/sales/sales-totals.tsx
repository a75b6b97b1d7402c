import {
  getVentesOrionsYearQuery,
  getVentesValoricielsYearQuery,
  getVlpsYearQuery,
} from '@portal/api/sales';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { SumCard } from '../common';
import { messages } from './messages';
import type { SalesKind } from './sales-kind';

// Its own module: the summary page shows these cards without the lists' grid.

type Totals = Partial<Record<string, number>>;

/** An exercice's totals card from a yearly-sum query. */
function TotalsCard<Data extends Totals, Key extends readonly unknown[]>({
  title,
  query,
  items,
}: {
  title: string;
  query: UseQueryOptions<Data, Error, Data, Key>;
  items: [label: string, key: keyof Data][];
}) {
  const totals = useQuery(query);
  return (
    <SumCard
      title={title}
      items={items.map(([label, key]) => [label, totals.data?.[key]])}
      pending={totals.isPending}
      error={totals.isError ? totals.error.message : null}
    />
  );
}

/**
 * An exercice's totals of one kind: real estate by state, investments, or validated VLP (the
 * lists' cards, the summary's tracking).
 */
export function SalesTotals({
  kind,
  title,
  year,
  cgpId,
}: {
  kind: SalesKind;
  title: string;
  year: number;
  cgpId?: string;
}) {
  if (kind === 'vlp')
    return (
      <TotalsCard
        title={title}
        query={getVlpsYearQuery(year, cgpId)}
        items={[[messages.vlpTotal, 'total']]}
      />
    );
  if (kind === 'investment')
    return (
      <TotalsCard
        title={title}
        query={getVentesOrionsYearQuery(year, cgpId)}
        items={[
          [messages.optionsTotal, 'optionsTotal'],
          [messages.deedsTotal, 'deedsTotal'],
          [messages.total, 'total'],
        ]}
      />
    );
  return (
    <TotalsCard
      title={title}
      query={getVentesValoricielsYearQuery(year, cgpId)}
      items={[
        [messages.options, 'optionsTotal'],
        [messages.bookings, 'bookingsTotal'],
        [messages.financed, 'finance'],
        [messages.outstanding, 'encours'],
        [messages.deeds, 'deedsTotal'],
        [messages.total, 'total'],
      ]}
    />
  );
}

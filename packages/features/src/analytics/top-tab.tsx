import {
  listTrackingTopConsultantsQuery,
  listTrackingTopDocumentsQuery,
  listTrackingTopPagesQuery,
  type TrackingItem,
  type TrackingPeriod,
} from '@portal/api/analytics';
import { BarChart } from '@portal/ui/bar-chart';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Exports, itemsData, Loaded, type Members, pageLabel } from './figure-parts';
import { messages } from './messages';

/** 'Top lists 50 items; charts show … top 10 entries' (spec part 2 §9). */
const DRAWN = 10;

/** Top 50: users, pages and documents of the period, the first 10 drawn, all 50 in the table. */
export default function TopTab({ period }: { period: TrackingPeriod }) {
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
          drawn={DRAWN}
          title={title}
          data={itemsData(data['hydra:member'], category, value, label)}
          empty={messages.none}
          height={Math.max(200, Math.min(data['hydra:member'].length, DRAWN) * 32)}
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
      {top(pages, messages.topPagesList, messages.page, messages.views, pageLabel(pages.data))}
      {top(documents, messages.topDocumentsList, messages.document, messages.downloads)}
    </div>
  );
}

import {
  listTrackingPageClicksQuery,
  listTrackingPagesDaysQuery,
  listTrackingTopPagesQuery,
  type TrackingPeriod,
} from '@portal/api/analytics';
import { BarChart } from '@portal/ui/bar-chart';
import { useQuery } from '@tanstack/react-query';
import { dayLabel, Exports, itemsData, Loaded, pageLabel } from './figure-parts';
import { messages } from './messages';

/** Détails par page: views per day, the top 10 pages and clicks. */
export default function PagesTab({ period }: { period: TrackingPeriod }) {
  const days = useQuery(listTrackingPagesDaysQuery(period));
  const pages = useQuery(listTrackingTopPagesQuery(period));
  const clicks = useQuery(listTrackingPageClicksQuery(period));
  return (
    <div className="space-y-6">
      <Exports period={period} which={['pages', 'clicks']} />
      <Loaded query={days}>
        {(data) => (
          <BarChart
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
            data={itemsData(
              data['hydra:member'].slice(0, 10),
              messages.page,
              messages.views,
              pageLabel(data),
            )}
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

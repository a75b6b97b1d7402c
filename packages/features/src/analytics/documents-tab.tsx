import { listTrackingDocumentsQuery, type TrackingPeriod } from '@portal/api/analytics';
import { BarChart } from '@portal/ui/bar-chart';
import { useQuery } from '@tanstack/react-query';
import { Exports, itemsData, Loaded } from './figure-parts';
import { messages } from './messages';

/** Documents: the top 10 downloads. */
export default function DocumentsTab({ period }: { period: TrackingPeriod }) {
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

import {
  getTrackingConnectionsTotalQuery,
  listTrackingConnectionsDaysQuery,
  listTrackingDevicesQuery,
  type TrackingPeriod,
} from '@portal/api/analytics';
import { BarChart } from '@portal/ui/bar-chart';
import { PieChart } from '@portal/ui/pie-chart';
import { useQuery } from '@tanstack/react-query';
import { dayLabel, Exports, itemsData, Loaded } from './figure-parts';
import { messages } from './messages';

/** Connexions: unique and total, per day, per device. */
export default function ConnectionsTab({ period }: { period: TrackingPeriod }) {
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
            <BarChart
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

import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import {
  PeriodFields,
  periodQuery,
  TabFigures,
  TabLinks,
  TABS,
  usePeriodFilters,
} from './tracking-figures';

/** `/tracking/global` (`tracking_page`): the network's usage, tabs Top 50, Connexions, Détails par page, Documents. */
export function TrackingGlobalPage() {
  const { filters, apply, hrefOf } = usePeriodFilters(staffPaths.trackingGlobal, TABS);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{messages.globalTitle}</h1>
      <PeriodFields from={filters.from} to={filters.to} onChange={apply} />
      <TabLinks tabs={TABS} current={filters.tab} hrefOf={hrefOf} />
      <TabFigures tab={filters.tab} period={periodQuery(filters)} />
    </div>
  );
}

import { getStatisticsDashboardQuery } from '@portal/api/statistics';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { staffPaths } from '../paths/staff';
import { formatOf } from './format';
import { messages } from './messages';

/*
 * The staff home's figures (`GET /statistics/dashboard`): the server sends only those of the
 * pages the user holds, each links to its page. The one chart loads after the figures, so
 * echarts stays out of the home's first paint.
 */

const BarChart = lazy(() =>
  import('@portal/ui/bar-chart').then((module) => ({ default: module.BarChart })),
);

const count = formatOf('count');

function Figure({
  label,
  value,
  href,
  note,
}: {
  label: string;
  value: number;
  href: string | null;
  note?: string;
}) {
  const body: ReactNode = (
    <>
      <span className="block text-sm text-slate-700">{label}</span>
      <span className="block text-3xl font-semibold text-brand-700 tabular-nums">
        {count(value)}
      </span>
      {note && <span className="block text-xs text-slate-700">{note}</span>}
    </>
  );
  return (
    <li>
      {href ? (
        <Link
          href={href}
          className="block h-full rounded-card bg-surface p-5 shadow-sm ring-1 ring-brand-100 hover:shadow-md"
        >
          {body}
        </Link>
      ) : (
        <div className="h-full rounded-card bg-surface p-5 shadow-sm ring-1 ring-brand-100">
          {body}
        </div>
      )}
    </li>
  );
}

export function StaffDashboard() {
  const dashboard = useQuery(getStatisticsDashboardQuery());
  if (dashboard.isError) return <Alert variant="error">{messages.failed}</Alert>;
  const data = dashboard.data;
  if (data === undefined) return <p className="text-sm text-slate-700">{messages.loading}</p>;
  const text = messages.dashboard;
  const figures = [
    data.newAgents && (
      <Figure
        key="agents"
        label={text.newAgents}
        value={data.newAgents.thisYear}
        note={text.lastYear(data.newAgents.lastYear)}
        href={staffPaths.statisticsTeam}
      />
    ),
    data.activeUsersThisWeek !== undefined && (
      <Figure
        key="active"
        label={text.activeUsers}
        value={data.activeUsersThisWeek}
        href={`${staffPaths.trackingGlobal}?tab=connections`}
      />
    ),
    data.pendingDispatches !== undefined && (
      <Figure
        key="dispatches"
        label={text.pendingDispatches}
        value={data.pendingDispatches}
        href={staffPaths.invoicesDispatch}
      />
    ),
    data.pendingModificationRequests !== undefined && (
      <Figure
        key="requests"
        label={text.pendingModificationRequests}
        value={data.pendingModificationRequests}
        href={`${staffPaths.modificationRequests}?status=${encodeURIComponent('en étude')}`}
      />
    ),
  ].filter(Boolean);
  if (figures.length === 0 && !data.salesByType) return null;
  return (
    <section aria-labelledby="network-dashboard-title" className="space-y-4">
      <h2 id="network-dashboard-title" className="text-xl font-semibold text-ink">
        {text.title}
      </h2>
      {figures.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">{figures}</ul>
      )}
      {data.salesByType && (
        <div className="space-y-2">
          <Suspense fallback={<p className="text-sm text-slate-700">{messages.loading}</p>}>
            <BarChart
              title={data.salesByType.title}
              data={data.salesByType}
              format={formatOf('euros')}
              empty={messages.none}
              horizontal
            />
          </Suspense>
          <p className="flex flex-wrap gap-4 text-sm">
            <Gate component="statistics_investments_page">
              <Link
                href={staffPaths.statisticsInvestments}
                className="font-semibold text-brand-700 underline"
              >
                {text.salesLink}
              </Link>
            </Gate>
            <Gate component="statistics_real_estate_page">
              <Link
                href={staffPaths.statisticsRealEstate}
                className="font-semibold text-brand-700 underline"
              >
                {text.realEstateLink}
              </Link>
            </Gate>
          </p>
        </div>
      )}
    </section>
  );
}

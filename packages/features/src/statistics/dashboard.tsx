import { getStatisticsDashboardQuery, type StatisticsDashboard } from '@portal/api/statistics';
import { Gate, useSession } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { ChartFrame } from '@portal/ui/chart-frame';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { staffPaths } from '../paths/staff';
import { formatOf } from './format';
import { messages } from './messages';

/*
 * The staff home's figures (`GET /statistics/dashboard`): the server sends only those of the
 * pages the user holds, each links to its page. The one chart loads after the figures, so
 * echarts stays out of the home's first paint. Nothing moves as they arrive: until the answer,
 * the cards the session's components promise are drawn empty at their final size, and the
 * chart's frame (caption, table, a drawing box of its height) stands until its chunk arrives,
 * fetched once the frame comes into view.
 */

/** The chart's box before the answer: caption line, drawing, padding and border. */
const CHART_PLACEHOLDER_HEIGHT = 24 + 8 + 280 + 32 + 2;

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
  /** None until the answer: the card keeps its height. */
  value: number | undefined;
  href: string | null;
  note?: string;
}) {
  const body: ReactNode = (
    <>
      <span className="block text-sm text-slate-700">{label}</span>
      <span className="block text-3xl font-semibold text-brand-700 tabular-nums">
        {value === undefined ? '\u00a0' : count(value)}
      </span>
      {note !== undefined && <span className="block text-xs text-slate-700">{note}</span>}
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

/**
 * The sales chart: its frame (caption, table, drawing box) at once, echarts once the frame comes
 * into view. On a phone the chart is below the fold, so its set-up (the largest script
 * of the page and its longest tasks) waits for a scroll rather than delaying the first screen.
 */
function SalesChart({ sales }: { sales: NonNullable<StatisticsDashboard['salesByType']> }) {
  const [frame, seen] = useInViewport<HTMLDivElement>();
  const chartFrame = (
    <ChartFrame title={sales.title} data={sales} format={formatOf('euros')} empty={messages.none} />
  );
  return (
    <div ref={frame}>
      {seen ? (
        <Suspense fallback={chartFrame}>
          <BarChart
            title={sales.title}
            data={sales}
            format={formatOf('euros')}
            empty={messages.none}
            horizontal
          />
        </Suspense>
      ) : (
        chartFrame
      )}
    </div>
  );
}

/** Whether the element has come into the viewport (once; at once without IntersectionObserver). */
function useInViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = ref.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

export function StaffDashboard() {
  const dashboard = useQuery(getStatisticsDashboardQuery());
  const held = new Set(useSession()?.components ?? []);
  if (dashboard.isError) return <Alert variant="error">{messages.failed}</Alert>;
  const data = dashboard.data;
  const text = messages.dashboard;
  // Before the answer, what the server sends for these components (apps/backend statistics).
  const shows = (present: boolean | undefined, component: string) =>
    data ? present : held.has(component);
  const figures = [
    shows(data?.newAgents !== undefined, 'statistics_team_page') && (
      <Figure
        key="agents"
        label={text.newAgents}
        value={data?.newAgents?.thisYear}
        note={data?.newAgents ? text.lastYear(data.newAgents.lastYear) : '\u00a0'}
        href={staffPaths.statisticsTeam}
      />
    ),
    shows(data?.activeUsersThisWeek !== undefined, 'tracking_page') && (
      <Figure
        key="active"
        label={text.activeUsers}
        value={data?.activeUsersThisWeek}
        href={`${staffPaths.trackingGlobal}?tab=connections`}
      />
    ),
    shows(data?.pendingDispatches !== undefined, 'invoices_dispatch_page') && (
      <Figure
        key="dispatches"
        label={text.pendingDispatches}
        value={data?.pendingDispatches}
        href={staffPaths.invoicesDispatch}
      />
    ),
    shows(data?.pendingModificationRequests !== undefined, 'modification_requests_edit') && (
      <Figure
        key="requests"
        label={text.pendingModificationRequests}
        value={data?.pendingModificationRequests}
        href={`${staffPaths.modificationRequests}?status=${encodeURIComponent('en étude')}`}
      />
    ),
  ].filter(Boolean);
  const sales = data
    ? data.salesByType
    : held.has('statistics_investments_page') || held.has('statistics_real_estate_page');
  if (figures.length === 0 && !sales) return null;
  return (
    <section
      aria-labelledby="network-dashboard-title"
      aria-busy={data === undefined}
      className="space-y-4"
    >
      <h2 id="network-dashboard-title" className="text-xl font-semibold text-ink">
        {text.title}
      </h2>
      {figures.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">{figures}</ul>
      )}
      {data === undefined && sales && (
        <div className="space-y-2">
          <p
            role="status"
            className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700"
            style={{ minHeight: CHART_PLACEHOLDER_HEIGHT }}
          >
            {messages.loading}
          </p>
          {/* The links' line under the chart. */}
          <p className="h-5" />
        </div>
      )}
      {data?.salesByType && (
        <div className="space-y-2">
          <SalesChart sales={data.salesByType} />
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

import {
  exportStatistics,
  getStatisticsQuery,
  type StatisticsFigure,
  type StatisticsPageName,
} from '@portal/api/statistics';
import { Alert } from '@portal/ui/alert';
import { ExportButton } from '@portal/ui/export-button';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import * as z from 'zod/mini';
import { urlFilter, useListScreen } from '../list-kit';
import { formatOf } from './format';
import { messages } from './messages';

/*
 * The four statistics pages (staff): the year and the page's filter in the URL, each figure a
 * chart with its table, one export of every figure. The figures come computed from the server.
 */

const THIS_YEAR = new Date().getFullYear();
/** The current year and the five before (the sales history the network keeps). */
const YEARS = Array.from({ length: 6 }, (_, i) => String(THIS_YEAR - i));

const schema = z.object({
  year: urlFilter.oneOf(YEARS, YEARS[0]!),
  providerId: urlFilter.id(),
  type: urlFilter.text(60),
});
/** Figures, not a grid: the URL holds the filters only. */
const NO_GRIDS = [] as const;

/*
 * Each chart type loads with the first figure that draws it: a page brings echarts' core and
 * only its own types (the pie only on the real-estate page), which keeps the heaviest page under the
 * charts' budget (docs/budgets.md).
 */
const BarChart = lazy(() => import('@portal/ui/bar-chart').then((m) => ({ default: m.BarChart })));
const PieChart = lazy(() => import('@portal/ui/pie-chart').then((m) => ({ default: m.PieChart })));

type Drawing = 'bars' | 'horizontal' | 'pie';
/**
 * How each figure is drawn: months as columns, rankings as horizontal bars, a split as a pie.
 * No lines: their module would take the pages over the charts' budget, and twelve months read
 * as well as columns.
 */
const DRAWINGS: Record<string, Drawing> = {
  'uc-amounts': 'bars',
  'uc-rate-months': 'bars',
  'uc-rate-providers': 'horizontal',
  'investments-months': 'bars',
  'investments-providers': 'horizontal',
  'investments-products': 'horizontal',
  'real-estate-statuses': 'pie',
  'real-estate-steps': 'bars',
  'real-estate-types': 'horizontal',
  'team-joined': 'bars',
  'team-size': 'bars',
  'team-activity': 'bars',
};

export function FigureChart({ figure }: { figure: StatisticsFigure }) {
  const props = {
    title: figure.title,
    data: figure,
    format: formatOf(figure.unit),
    empty: messages.none,
  };
  const drawing = DRAWINGS[figure.id] ?? 'bars';
  if (drawing === 'pie') return <PieChart {...props} />;
  return <BarChart {...props} horizontal={drawing === 'horizontal'} />;
}

function StatisticsScreen({ page }: { page: StatisticsPageName }) {
  const { filters, apply } = useListScreen({ filters: schema, grids: NO_GRIDS });
  const query = {
    year: Number(filters.year),
    ...(filters.providerId ? { providerId: Number(filters.providerId) } : {}),
    ...(filters.type ? { type: filters.type } : {}),
  };
  const figures = useQuery(getStatisticsQuery(page, query));
  const providers = figures.data?.providers;
  const types = figures.data?.types;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-ink">{messages.titles[page]}</h1>
        <p className="text-sm text-slate-700">{messages.intros[page]}</p>
      </header>
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="sr-only">{messages.filters}</legend>
          <SelectField
            label={messages.year}
            options={YEARS.map((year) => ({ value: year, label: year }))}
            value={filters.year}
            onChange={(event) => apply({ year: event.target.value })}
          />
          {(page === 'taux-uc' || page === 'investments') && (
            <SelectField
              label={messages.provider}
              placeholder={messages.allProviders}
              options={(providers ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={providers ? filters.providerId : ''}
              onChange={(event) => apply({ providerId: event.target.value })}
            />
          )}
          {page === 'real-estate' && (
            <SelectField
              label={messages.type}
              placeholder={messages.allTypes}
              options={(types ?? []).map((type) => ({ value: type, label: type }))}
              value={types ? filters.type : ''}
              onChange={(event) => apply({ type: event.target.value })}
            />
          )}
        </fieldset>
        <ExportButton
          variant="secondary"
          onExport={(onProgress) => exportStatistics(page, query, onProgress)}
          labels={{
            idle: messages.export,
            running: messages.exportRunning,
            failed: () => messages.failed,
            defaultFileName: `statistiques_${page}_${filters.year}.xlsx`,
          }}
        />
      </div>
      {figures.isError ? (
        <Alert variant="error">{messages.failed}</Alert>
      ) : figures.data === undefined ? (
        <p className="text-sm text-slate-700">{messages.loading}</p>
      ) : (
        <Suspense fallback={<p className="text-sm text-slate-700">{messages.loading}</p>}>
          {figures.data.figures.map((figure) => (
            <FigureChart key={figure.id} figure={figure} />
          ))}
        </Suspense>
      )}
    </div>
  );
}

/** `/statistiques/taux-uc` (`statistics_taux_uc_page`). */
export const StatisticsTauxUcPage = () => <StatisticsScreen page="taux-uc" />;
/** `/statistiques/real-estate` (`statistics_real_estate_page`). */
export const StatisticsRealEstatePage = () => <StatisticsScreen page="real-estate" />;
/** `/statistiques/investments` (`statistics_investments_page`). */
export const StatisticsInvestmentsPage = () => <StatisticsScreen page="investments" />;
/** `/statistiques/team` (`statistics_team_page`). */
export const StatisticsTeamPage = () => <StatisticsScreen page="team" />;

import {
  exportStatistics,
  getStatisticsQuery,
  type StatisticsFigure,
  type StatisticsPageName,
} from '@portal/api/statistics';
import { Alert } from '@portal/ui/alert';
import { BarChart } from '@portal/ui/bar-chart';
import { ExportButton } from '@portal/ui/export-button';
import { LineChart } from '@portal/ui/line-chart';
import { PieChart } from '@portal/ui/pie-chart';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { urlFilter, useUrlFilters } from '../list-kit';
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

type Drawing = 'bars' | 'horizontal' | 'lines' | 'pie';
/** How each figure is drawn: months as bars or lines, rankings as horizontal bars, splits as a pie. */
const DRAWINGS: Record<string, Drawing> = {
  'uc-amounts': 'bars',
  'uc-rate-months': 'lines',
  'uc-rate-providers': 'horizontal',
  'investments-months': 'bars',
  'investments-providers': 'horizontal',
  'investments-products': 'horizontal',
  'real-estate-statuses': 'pie',
  'real-estate-steps': 'bars',
  'real-estate-types': 'horizontal',
  'team-joined': 'bars',
  'team-size': 'lines',
  'team-activity': 'lines',
};

export function FigureChart({ figure }: { figure: StatisticsFigure }) {
  const props = {
    title: figure.title,
    data: figure,
    format: formatOf(figure.unit),
    empty: messages.none,
  };
  const drawing = DRAWINGS[figure.id] ?? 'bars';
  if (drawing === 'lines') return <LineChart {...props} />;
  if (drawing === 'pie') return <PieChart {...props} />;
  return <BarChart {...props} horizontal={drawing === 'horizontal'} />;
}

function StatisticsScreen({ page }: { page: StatisticsPageName }) {
  const { filters, apply } = useUrlFilters(schema);
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
        figures.data.figures.map((figure) => <FigureChart key={figure.id} figure={figure} />)
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

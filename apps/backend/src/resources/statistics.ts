import { sql, type SQL } from 'drizzle-orm';
import type { ColumnFormat, ExportSheet } from '../exports/xlsx.js';
import { readWhole } from './pagination.js';
import { sourceColumns, toNumber, toText } from './sources.js';
import type { Query, SourceResourceSpec, WorkbookExportSpec } from './types.js';

/**
 * The network's statistics pages (design in
 * docs/decisions/23-statistics-and-staff-dashboard.md) on the resource layer: each page is an unpaged resource over one statement, the
 * union of its figures' grouped statements (a chart's points, not a pageable collection), whose
 * rows `answer` shapes into the figures and the filter's choices; its export, a sheet a figure.
 */

export type Unit = 'count' | 'euros' | 'percent';

export interface Figure {
  id: string;
  title: string;
  unit: Unit;
  categoryLabel: string;
  categories: string[];
  series: { name: string; values: number[] }[];
}

export interface Filters {
  year: number;
  providerId: number | null;
  type: string | null;
}

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });

/** 'Janvier' … 'Décembre': the platform's French names (CLDR), as the front's month labels. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const name = monthFormat.format(Date.UTC(2000, i, 1));
  return name.charAt(0).toUpperCase() + name.slice(1);
});

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
export const todayInParis = (now = new Date()) => parisDay.format(now);

export function filtersOf(query: Query): Filters {
  const year = query.year === undefined ? Number(todayInParis().slice(0, 4)) : Number(query.year);
  const providerId = query.providerId === undefined ? null : Number(query.providerId);
  const type = typeof query.type === 'string' && query.type !== '' ? query.type : null;
  return { year, providerId, type };
}

/** `column` within the calendar year. */
export const inYear = (column: SQL, year: number) =>
  sql`${column} >= make_date(${year}::int, 1, 1) and ${column} < make_date(${year}::int + 1, 1, 1)`;

export const num = (value: unknown) => Number(value ?? 0);
/** Euros to the cent, percentages to a tenth. */
export const cents = (value: number) => Math.round(value * 100) / 100;
export const rate = (part: number, total: number) =>
  total ? Math.round((part / total) * 1000) / 10 : 0;

/** Twelve months, each filled from the rows keyed by month number (1–12). */
export function byMonth<Row extends { month: number }>(rows: Row[], value: (row: Row) => number) {
  const values = new Array<number>(12).fill(0);
  for (const row of rows) values[Number(row.month) - 1] = value(row);
  return values;
}

/** A figure by month: the twelve months as its categories. */
export const monthly = (
  id: string,
  title: string,
  unit: Unit,
  series: Figure['series'],
): Figure => ({ id, title, unit, categoryLabel: 'Mois', categories: MONTHS, series });

/** The months of `year` begun by `today` (Paris): all of a past year, none of a later one. */
export function monthsBegun(year: number, today = todayInParis()): number {
  const current = Number(today.slice(0, 4));
  return year < current ? 12 : year > current ? 0 : Number(today.slice(5, 7));
}

/**
 * The monthly figures (those `monthly` made) cut to the months begun: a month to come has no
 * figure yet, where 'network size' would already show every agent in December (issue 41).
 */
function withoutMonthsToCome(figures: Figure[], year: number): Figure[] {
  const begun = monthsBegun(year);
  if (begun === 12) return figures;
  return figures.map((figure) =>
    figure.categories === MONTHS
      ? {
          ...figure,
          categories: MONTHS.slice(0, begun),
          series: figure.series.map((serie) => ({
            ...serie,
            values: serie.values.slice(0, begun),
          })),
        }
      : figure,
  );
}

/** A grouped statement of a page; `orderBy` (over its columns, as `q.…`) when order matters. */
export type Part = SQL | { statement: SQL; orderBy: SQL };

/** The rows of each part of a page, by the part's name, in the part's order. */
export type Parts = Record<string, Record<string, unknown>[]>;

/** The rows of one part, typed as its statement selects them. */
export const partRows = <Row>(parts: Parts, name: string) => (parts[name] ?? []) as Row[];

/** A statistics page: its statements for the filters, its figures and choices from their rows. */
export interface FiguresPage {
  parts(filters: Filters): Record<string, Part>;
  figures(parts: Parts, filters: Filters): Figure[];
  /** The filter's choices the answer carries (providers, real-estate types). */
  choices?(parts: Parts): Record<string, unknown>;
}

const row = sourceColumns('figures', {
  part: toText,
  rank: toNumber,
  // Each part's row as its statement selected it (to_jsonb), whatever its columns.
  data: (value: unknown) =>
    (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>,
});
const fields = { part: row.part, rank: row.rank, data: row.data };

interface FigureRow {
  part: string;
  rank: number;
  data: Record<string, unknown>;
}

/** Every part as one statement: `(part, rank, data)` rows, `rank` the order within the part. */
function unionOf(parts: Record<string, Part>): SQL {
  return sql.join(
    Object.entries(parts).map(([name, part]) => {
      const [statement, orderBy] =
        'statement' in part ? [part.statement, sql`order by ${part.orderBy}`] : [part, sql``];
      return sql`(select ${name}::text as part, row_number() over (${orderBy}) as rank,
        to_jsonb(q) as data from (${statement}) q)`;
    }),
    sql` union all `,
  );
}

function partsOf(rows: FigureRow[]): Parts {
  const parts: Parts = {};
  for (const { part, data } of rows) (parts[part] ??= []).push(data);
  return parts;
}

const FORMATS: Record<Unit, ColumnFormat> = {
  count: 'integer',
  euros: 'euros',
  percent: 'percent',
};

/** The figures as sheets: each figure's table, its categories beside its series. */
function figureSheets(figures: Figure[]): ExportSheet<unknown>[] {
  return figures.map((figure) => ({
    name: figure.title.replace(/ \(%\)$/, ''),
    columns: [
      {
        header: figure.categoryLabel,
        value: (index: number) => figure.categories[index],
        width: 32,
      },
      ...figure.series.map((serie) => ({
        header: serie.name,
        // The percent format shows fractions: 42.5 is 0.425.
        value: (index: number) =>
          figure.unit === 'percent' ? (serie.values[index] ?? 0) / 100 : (serie.values[index] ?? 0),
        format: FORMATS[figure.unit],
        width: 20,
      })),
    ],
    rows: figure.categories.map((_, index) => index),
  })) as ExportSheet<unknown>[];
}

/**
 * `GET {path}` (`{ year, figures, …choices }`) and `GET {path}/export` (`label_{year}_…`, one
 * sheet a figure) of a statistics page.
 */
export function statisticsPage(
  path: string,
  label: string,
  page: FiguresPage,
): {
  resource: SourceResourceSpec<typeof fields, FigureRow>;
  export: WorkbookExportSpec<typeof fields, FigureRow>;
} {
  const resource: SourceResourceSpec<typeof fields, FigureRow> = {
    path,
    type: 'StatisticsFigures',
    source: { alias: 'figures', query: ({ query }) => unionOf(page.parts(filtersOf(query))) },
    // The filters (year, provider, type) are read inside the statements.
    ...readWhole,
    id: row.rank,
    fields,
    // Each part's rows together, in the part's order.
    thenBy: [row.part],
    serialize: (figureRow) => ({ ...figureRow }),
    answer: async (rows, { query }) => {
      const filters = filtersOf(query);
      const parts = partsOf(rows);
      return {
        year: filters.year,
        figures: withoutMonthsToCome(page.figures(parts, filters), filters.year),
        ...page.choices?.(parts),
      };
    },
  };
  return {
    resource,
    export: {
      resource,
      file: { label: (query) => `${label}_${filtersOf(query).year}` },
      workbook: async (rows, { query }) => {
        const filters = filtersOf(query);
        return figureSheets(
          withoutMonthsToCome(page.figures(partsOf(rows), filters), filters.year),
        );
      },
    },
  };
}

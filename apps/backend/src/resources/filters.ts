import { and, Column, is, or, sql, type SQL } from 'drizzle-orm';
import type {
  CustomFilter,
  DateFilter,
  ExactFilter,
  FilterSpec,
  PartialFilter,
  RangeFilter,
  RequestContext,
} from './types.js';
import { escapeLike, invalidValue, listValues, parseDate, parseId, parseNumber } from './values.js';

export interface AppliedFilters {
  conditions: SQL[];
  joins: Set<string>;
}

/**
 * The WHERE conditions of the filters present in the query; unknown parameters are ignored. In
 * the filters' order, one after the other: the first bad value is the 400 answered.
 */
export async function applyFilters(
  filters: FilterSpec[],
  context: RequestContext,
): Promise<AppliedFilters> {
  const conditions: SQL[] = [];
  const joins = new Set<string>();
  for (const filter of filters) {
    const condition = await conditionOf(filter, context);
    if (!condition) continue;
    conditions.push(condition);
    for (const join of filter.joins ?? []) joins.add(join);
  }
  return { conditions, joins };
}

function conditionOf(
  filter: FilterSpec,
  context: RequestContext,
): SQL | undefined | Promise<SQL | undefined> {
  switch (filter.kind) {
    case 'exact':
      return exact(filter, context.query);
    case 'partial':
      return partial(filter, context.query);
    case 'range':
      return range(filter, context.query);
    case 'date':
      return dateRange(filter, context.query);
    case 'custom': {
      const value = context.query[filter.param];
      if (value === undefined || value === '') return undefined;
      return filter.apply(value, context);
    }
  }
}

function exact(filter: ExactFilter, query: Record<string, unknown>): SQL | undefined {
  const values = listValues(query, filter.param)?.map((v) => (filter.trim ? v.trim() : v));
  if (!values) return undefined;
  const typed =
    filter.valueType === 'integer' ? values.map((v) => parseId(filter.param, v)) : values;
  if (typed.length === 1) return sql`${filter.expr} = ${typed[0]}`;
  return sql`${filter.expr} in (${sql.join(
    typed.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

function partial(filter: PartialFilter, query: Record<string, unknown>): SQL | undefined {
  const values = listValues(query, filter.param);
  if (!values) return undefined;
  const matches = values.map((v) => {
    const pattern = `%${escapeLike(v.trim())}%`;
    return filter.folded
      ? sql`${filter.folded} like lower(${pattern})`
      : sql`${filter.expr} ilike ${pattern}`;
  });
  return matches.length === 1 ? matches[0] : or(...matches);
}

const RANGE_OPERATORS = { gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

function range(filter: RangeFilter, query: Record<string, unknown>): SQL | undefined {
  const conditions: SQL[] = [];
  for (const [name, operator] of Object.entries(RANGE_OPERATORS)) {
    const param = `${filter.param}[${name}]`;
    const value = query[param];
    if (value === undefined || value === '') continue;
    conditions.push(sql`${filter.expr} ${sql.raw(operator)} ${parseNumber(param, value)}`);
  }
  const between = query[`${filter.param}[between]`];
  if (between !== undefined && between !== '') {
    const param = `${filter.param}[between]`;
    const bounds = String(between).split('..');
    if (bounds.length !== 2) throw invalidValue(param, between);
    const [low, high] = bounds.map((b) => parseNumber(param, b)) as [number, number];
    conditions.push(sql`${filter.expr} between ${low} and ${high}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Whole days are inclusive: `before=2026-01-31` keeps the 31st all day long, also on
 * timestamp columns. Date columns are compared with dates so their indexes stay usable.
 */
function dateRange(filter: DateFilter, query: Record<string, unknown>): SQL | undefined {
  const onDates = is(filter.expr, Column) && filter.expr.getSQLType() === 'date';
  const conditions: SQL[] = [];
  for (const suffix of DATE_BOUNDS) {
    const param = `${filter.param}[${suffix}]`;
    const value = query[param];
    if (value === undefined || value === '') continue;
    const { iso, dateOnly } = parseDate(param, value);
    conditions.push(
      onDates
        ? dateBound(filter.expr, suffix, iso.slice(0, 10))
        : timestampBound(filter.expr, suffix, iso, dateOnly),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * `param=YYYY-MM-DD` as one inclusive bound on a date column (`lastActionAfter`,
 * `lastActionBefore`: the spec's names, not API Platform's `[after]`).
 */
export function dayBoundFilter(
  param: string,
  expr: DateFilter['expr'],
  bound: 'after' | 'before',
): CustomFilter {
  return {
    kind: 'custom',
    param,
    apply: (value) => dateBound(expr, bound, parseDate(param, value).iso.slice(0, 10)),
  };
}

const DATE_BOUNDS = ['after', 'strictly_after', 'before', 'strictly_before'] as const;
type DateBound = (typeof DATE_BOUNDS)[number];

function dateBound(expr: DateFilter['expr'], bound: DateBound, day: string): SQL {
  const value = sql`${day}::date`;
  if (bound === 'after') return sql`${expr} >= ${value}`;
  if (bound === 'strictly_after') return sql`${expr} > ${value}`;
  if (bound === 'before') return sql`${expr} <= ${value}`;
  return sql`${expr} < ${value}`;
}

function timestampBound(
  expr: DateFilter['expr'],
  bound: DateBound,
  iso: string,
  dateOnly: boolean,
): SQL {
  const value = sql`${iso}::timestamptz`;
  const nextDay = sql`(${iso}::date + 1)::timestamptz`;
  if (bound === 'after') return sql`${expr} >= ${value}`;
  if (bound === 'strictly_after')
    return dateOnly ? sql`${expr} >= ${nextDay}` : sql`${expr} > ${value}`;
  if (bound === 'before') return dateOnly ? sql`${expr} < ${nextDay}` : sql`${expr} <= ${value}`;
  return sql`${expr} < ${value}`;
}

import type { Column, SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import type { Violation } from '../http/errors.js';

/** A column or an SQL expression a filter or an order applies to. */
export type Expr = Column | SQL;

export type Query = Record<string, unknown>;

export interface RequestContext {
  db: Database;
  principal: Principal;
  query: Query;
}

interface FilterBase {
  /** Query parameter name, e.g. `consultant.id`. */
  param: string;
  expr: Expr;
  /** Names of the joins the expression needs (for the count query). */
  joins?: string[];
}

/** `param=v` or `param[]=v1&param[]=v2` (list): equality / IN. */
export interface ExactFilter extends FilterBase {
  kind: 'exact';
  valueType?: 'string' | 'integer';
}
/** `param=v`: case-insensitive contains. */
export interface PartialFilter extends FilterBase {
  kind: 'partial';
  /**
   * `lower(expr)` stored (a generated column): then `folded like lower('%v%')`, which is what
   * `expr ilike '%v%'` computes (PostgreSQL lower-cases both sides, then matches), only cheaper.
   */
  folded?: Expr;
}
/** `param[gte|gt|lte|lt|between]=n`. */
export interface RangeFilter extends FilterBase {
  kind: 'range';
}
/** `param[after|before|strictly_after|strictly_before]=YYYY-MM-DD` (inclusive bounds). */
export interface DateFilter extends FilterBase {
  kind: 'date';
}
/**
 * Anything the generic kinds do not cover; answers undefined when the parameter is unused. May
 * read the database first (the caller's sales scope), so it may answer a promise.
 */
export interface CustomFilter {
  kind: 'custom';
  param: string;
  joins?: string[];
  apply(value: unknown, context: RequestContext): SQL | undefined | Promise<SQL | undefined>;
}

export type FilterSpec = ExactFilter | PartialFilter | RangeFilter | DateFilter | CustomFilter;

export type Direction = 'asc' | 'desc';

/** An orderable expression, with the joins it needs when it is not on the resource's table. */
export type OrderSpec = Expr | { expr: Expr; joins: string[] };

export type ParsedValue = { value: unknown } | { violation: string };

/**
 * A writable property of a creation or a merge-patch, a column of the resource's own table;
 * nested properties use dots (`address.postalCode`).
 */
export interface WritableField {
  column: Column;
  nullable: boolean;
  /**
   * On creation, the property may be left out and the column's default applies; otherwise a
   * creation without it (or with null, when not nullable) is a 422 'Ce champ est obligatoire.'.
   */
  optional?: boolean;
  /**
   * Turns the JSON value into the column value, or answers a violation message; may read the
   * database (a reference that must exist).
   */
  parse(value: unknown, context: RequestContext): ParsedValue | Promise<ParsedValue>;
}

export interface PaginationSpec {
  itemsPerPage: number;
  /** `itemsPerPage` above this is clamped. */
  maxItemsPerPage: number;
  /** Whether `pagination=false` is honoured. */
  clientDisable: boolean;
  /** Most rows a `pagination=false` answer carries. */
  disabledCap: number;
}

export interface ResourceSpec<Fields extends SelectedFields, Row> {
  /** Collection path and IRI prefix, e.g. `/ventes_orions`. */
  path: string;
  /** JSON-LD `@type` of the items. */
  type: string;
  table: PgTable;
  /** Primary key, also the last sort key so pages never overlap. */
  id: PgColumn;
  /** Must project the primary key as `id`. */
  fields: Fields;
  /** Named joins; every page query applies them all, a count only those its filters need. */
  joins: Record<string, (query: PgSelect) => PgSelect>;
  filters: FilterSpec[];
  orders: Record<string, OrderSpec>;
  defaultOrder: [string, Direction][];
  pagination: PaginationSpec;
  /** Restricts rows to what the caller may see; may throw a 403. */
  scope(context: RequestContext): Promise<SQL | undefined>;
  /** Loads what one query cannot give cheaply (totals, latest events) for the rows of a page. */
  expand?(rows: Row[], context: RequestContext): Promise<Row[]>;
  serialize(row: Row): Record<string, unknown>;
  /** What `POST` (`createHandler`) and merge-patch may write. */
  writable?: Record<string, WritableField>;
  /** Cross-field checks on the created item's body, or on the merged values of a merge-patch. */
  validate?(merged: Record<string, unknown>): Violation[];
}

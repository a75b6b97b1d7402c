import type { Column, SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import type { ExportColumn, ExportSheet } from '../exports/xlsx.js';
import type { Violation } from '../http/errors.js';

/** A column or an SQL expression a filter or an order applies to. */
export type Expr = Column | SQL;

export type Query = Record<string, unknown>;

export interface RequestContext {
  db: Database;
  principal: Principal;
  query: Query;
  /** The path's parameters, for a resource whose path names one (`/tracking/users/{id}/…`). */
  params?: Query;
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
  /** Compare the value without its surrounding spaces (codes typed in a form: a CGP id). */
  trim?: boolean;
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

/**
 * An orderable expression, with the joins it needs when it is not on the resource's table.
 * Several expressions sort as one key (a name: last name, then first name), in the same
 * direction; `nulls: 'last'` keeps empty values last in both directions.
 */
export type OrderSpec =
  Expr | { expr: Expr | Expr[]; joins?: string[]; nulls?: 'last' } | ContextualOrder;

/** An order whose expression depends on the request (totals over the chosen exercices). */
export interface ContextualOrder {
  of(context: RequestContext): Expr | Promise<Expr>;
}

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

/**
 * A query a resource sits on instead of a table: a derived table (a CTE, an aggregation, a walk
 * of the sponsorship tree) built for each request, named `alias` in the statement. Its fields,
 * filters and orders read its output columns (`sourceColumns(alias, …)`).
 */
export interface SqlSource {
  alias: string;
  /**
   * The query. It may read the request's parameters (an exercice the figures are of) and the
   * database, and throw (a 403 for a team out of reach), before any row is read.
   */
  query(context: RequestContext): SQL | Promise<SQL>;
  /**
   * A cheaper query with as many rows as the source, counted for a page past the end when the
   * resource has no condition of its own (otherwise the source itself is counted).
   */
  count?(context: RequestContext): SQL | Promise<SQL>;
}

/** Every row at once, no `hydra:view` (short reference lists: models, steps). */
export type Unpaged = 'none';

interface ResourceBase<Fields extends SelectedFields, Row> {
  /**
   * Collection path and IRI prefix, e.g. `/ventes_orions`; a `{name}` in it is the request's
   * path parameter of that name (`/tracking/users/{id}/devices`).
   */
  path: string;
  /** JSON-LD `@type` of the items. */
  type: string;
  /**
   * The collection's `@context`: `/contexts/{type}` by default; `null` answers a bare collection
   * (`@type`, members and total only), as the fixed reference lists always did.
   */
  jsonLdContext?: string | null;
  /** Must project the primary key as `id`. */
  fields: Fields;
  /** Named joins; every page query applies them all, a count only those its filters need. */
  joins: Record<string, (query: PgSelect) => PgSelect>;
  filters: FilterSpec[];
  orders: Record<string, OrderSpec>;
  defaultOrder: [string, Direction][];
  /** Ascending keys after the chosen order (default or asked), before the id: "then by name". */
  thenBy?: OrderSpec[];
  pagination: PaginationSpec | Unpaged;
  /** Restricts rows to what the caller may see; may throw a 403. */
  scope(context: RequestContext): Promise<SQL | undefined>;
  /** Loads what one query cannot give cheaply (totals, latest events) for the rows of a page. */
  expand?(rows: Row[], context: RequestContext): Promise<Row[]>;
  serialize(row: Row): Record<string, unknown>;
  /** The collection's `@id` when a parameter names the list (`/folders?type=rac`); else `path`. */
  collectionId?(context: RequestContext): string;
  /**
   * The check of one item, for a resource whose `scope` reads a list's parameter (a library's
   * type): `item()` finds the row without the scope (a 404 when missing), then this may refuse
   * it (a 403 for a library the caller may not view).
   */
  itemCheck?(row: Row, context: RequestContext): Promise<void>;
  /**
   * Writes what a list reads, after the scope's checks (a refused list writes nothing): the
   * caller's read states of the files he has never opened, each with an id to `PATCH`.
   */
  beforeList?(context: RequestContext): Promise<void>;
  /** An unpaged resource's first `top` rows in its order (a top list), listed or exported. */
  top?: number;
  /**
   * An unpaged resource answered in a shape of its own, built from all its rows (a statistics
   * page: its figures and the filter's choices), instead of a Hydra collection.
   */
  answer?(rows: Row[], context: RequestContext): Promise<Record<string, unknown>>;
}

/** A resource over a table: lists, items, exports and sums; writes when `writable` says so. */
export interface ResourceSpec<Fields extends SelectedFields, Row> extends ResourceBase<
  Fields,
  Row
> {
  table: PgTable;
  source?: undefined;
  /** Primary key, also the last sort key so pages never overlap. */
  id: PgColumn;
  /** What `POST` (`createHandler`) and merge-patch may write. */
  writable?: Record<string, WritableField>;
  /**
   * Restricts the rows a write may touch (merge-patch, `DELETE`, hand-written writes through
   * `requireWritable`); outside it a write is a 404. Declared apart from `scope` because a read
   * scope may be wider (a team view): agents write their own rows only (`ownRowsScope`).
   */
  writeScope?(context: RequestContext): Promise<SQL | undefined>;
  /** Cross-field checks on the created item's body, or on the merged values of a merge-patch. */
  validate?(merged: Record<string, unknown>): Violation[];
}

/**
 * A resource the generic writers take: its `writeScope` is declared, never defaulted to the
 * read scope.
 */
export type WritableResourceSpec<Fields extends SelectedFields, Row> = ResourceSpec<Fields, Row> &
  Required<Pick<ResourceSpec<Fields, Row>, 'writeScope'>>;

/** A resource over a query (`SqlSource`): lists, items, exports and sums; no writes. */
export interface SourceResourceSpec<Fields extends SelectedFields, Row> extends ResourceBase<
  Fields,
  Row
> {
  source: SqlSource;
  table?: undefined;
  /** The source's unique column, the last sort key. */
  id: SQL;
}

/** What lists, items, exports and sums read: a resource over a table or over a query. */
export type AnyResourceSpec<Fields extends SelectedFields, Row> =
  ResourceSpec<Fields, Row> | SourceResourceSpec<Fields, Row>;

/**
 * A column of a declared export. `audience: 'staff'` leaves it out of an agent's file (the
 * seller of his own sales is himself).
 */
export type DeclaredColumn<Row> = ExportColumn<Row> & { audience?: 'staff' };

/**
 * An export: every row the resource would list for the same request (same scope, filters and
 * order, no page), streamed as one .xlsx sheet (`exports/xlsx.ts`, formula-safe cells).
 */
export interface ExportSpec<Fields extends SelectedFields, Row> {
  resource: AnyResourceSpec<Fields, Row>;
  sheet: string;
  columns: DeclaredColumn<Row>[];
  /** `label_LASTNAME_Firstname_stamp.xlsx` after the caller (spec §9), or a fixed `name`. */
  file: { label: string } | { name: string };
  /** The request's parameters as the rows read them, when not all of them or renamed. */
  parameters?(query: Query): Query;
}

/**
 * An export of several sheets built from all the rows at once (a statistics page: a sheet per
 * figure), as `label_…` where the label may read the request's parameters (the figures' year).
 */
export interface WorkbookExportSpec<Fields extends SelectedFields, Row> {
  resource: AnyResourceSpec<Fields, Row>;
  workbook(rows: Row[], context: RequestContext): Promise<ExportSheet<unknown>[]>;
  file: { label: string | ((query: Query) => string) };
}

/** One aggregation of a sum: its statement, for the request's parameters. */
export interface SumPart {
  statement(context: RequestContext): Promise<SQL>;
}

/**
 * Sums (the yearly-totals shape): aggregates over one or more resources, each with its scope and
 * the filters the parameters name, read in one statement; `answer` shapes the body.
 */
export interface SumSpec<Body> {
  parts: SumPart[];
  /** The parameters the parts' filters read (e.g. the exercice of the path). */
  parameters(request: { query: Query; params: Record<string, unknown> }): Query;
  answer(totals: Record<string, number>, parameters: Query): Body;
}

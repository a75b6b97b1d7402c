import { accessOf } from '../access/principal-access.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { declared, type Handler, type HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { namedXlsxAttachment, xlsxAttachment } from '../exports/responses.js';
import { xlsxStream, xlsxWorkbookStream } from '../exports/xlsx.js';
import { collection } from './collection.js';
import { createItem, deleteItem } from './create-delete.js';
import { exportRows } from './export-rows.js';
import { item } from './item.js';
import { mergePatch } from './merge-patch.js';
import { sumTotals } from './sums.js';
import type {
  AnyResourceSpec,
  ExportSpec,
  ResourceSpec,
  SumSpec,
  WorkbookExportSpec,
  WritableResourceSpec,
} from './types.js';

/**
 * Contract handlers for a resource: list, item, creation, merge-patch update and deletion; and
 * for the declared exports and sums over resources.
 */

const searchOf = (context: HandlerContext<Principal>) =>
  new URLSearchParams(context.request.url.split('?')[1] ?? '');

export function listHandler<F extends SelectedFields, R>(
  db: Database,
  resource: AnyResourceSpec<F, R>,
): Handler<Principal> {
  return declared(async (context) => ({
    status: 200,
    body: await collection(resource, {
      db,
      principal: principalOf(context),
      query: context.query,
      params: context.params,
      search: searchOf(context),
    }),
  }));
}

export function itemHandler<F extends SelectedFields, R>(
  db: Database,
  resource: AnyResourceSpec<F, R>,
  /** How the path's `id` reads: an integer unless the resource's key is another type. */
  idOf: (id: unknown) => number | string = Number,
): Handler<Principal> {
  return declared(async (context) => ({
    status: 200,
    body: await item(resource, idOf(context.params.id), {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  }));
}

export function patchHandler<F extends SelectedFields, R>(
  db: Database,
  resource: WritableResourceSpec<F, R>,
): Handler<Principal> {
  return declared(async (context) => ({
    status: 200,
    body: await mergePatch(resource, Number(context.params.id), context.body, {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  }));
}

/** `POST` on the collection: 201 with the new item (see `createItem`). */
export function createHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return declared(async (context) => ({
    status: 201,
    body: await createItem(resource, context.body, {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  }));
}

/** `DELETE` of an item: 204, or 404 when missing or outside the caller's scope. */
export function deleteHandler<F extends SelectedFields, R>(
  db: Database,
  resource: WritableResourceSpec<F, R>,
): Handler<Principal> {
  return declared(async (context) => {
    await deleteItem(resource, Number(context.params.id), {
      db,
      principal: principalOf(context),
      query: context.query,
    });
    return { status: 204 };
  });
}

/**
 * A declared export (`ExportSpec`): the rows the resource lists for the same request, every
 * one, as an .xlsx attachment; the staff-only columns are left out of an agent's file.
 */
export function exportHandler<F extends SelectedFields, R>(
  db: Database,
  spec: ExportSpec<F, R> | WorkbookExportSpec<F, R>,
): Handler<Principal> {
  return declared(async (context) => {
    const principal = principalOf(context);
    if ('workbook' in spec) return workbookExport(context, { db, principal }, spec);
    const query = spec.parameters ? spec.parameters(context.query) : context.query;
    // Awaited first: a bad filter or a team out of reach is answered before any byte.
    const rows = await exportRows(spec.resource, { db, principal, query });
    const { isAgent } = await accessOf(db, principal);
    const columns = spec.columns.filter((column) => !(isAgent && column.audience === 'staff'));
    const file = xlsxStream({ sheetName: spec.sheet, columns, rows });
    return 'name' in spec.file
      ? namedXlsxAttachment(context, spec.file.name, file)
      : xlsxAttachment(context, spec.file.label, file);
  });
}

/** A `WorkbookExportSpec`: every row read first (a bad parameter is a 400), then the sheets. */
async function workbookExport<F extends SelectedFields, R>(
  context: HandlerContext<Principal>,
  { db, principal }: { db: Database; principal: Principal },
  spec: WorkbookExportSpec<F, R>,
) {
  const request = { db, principal, query: context.query, params: context.params };
  const rows: R[] = [];
  for await (const row of await exportRows(spec.resource, request)) rows.push(row);
  const { label } = spec.file;
  const file = xlsxWorkbookStream(await spec.workbook(rows, request));
  return xlsxAttachment(context, typeof label === 'string' ? label : label(context.query), file);
}

/** A declared sum (`SumSpec`): one statement, then the body `answer` shapes. */
export function sumHandler<Body>(db: Database, spec: SumSpec<Body>): Handler<Principal> {
  return declared(async (context) => {
    const parameters = spec.parameters({ query: context.query, params: context.params });
    const totals = await sumTotals(spec, {
      db,
      principal: principalOf(context),
      query: parameters,
    });
    return { status: 200, body: spec.answer(totals, parameters) };
  });
}

import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { collection } from './collection.js';
import { createItem, deleteItem } from './create-delete.js';
import { item } from './item.js';
import { mergePatch } from './merge-patch.js';
import type { ResourceSpec } from './types.js';

/** Contract handlers for a resource: list, item, creation, merge-patch update and deletion. */

const searchOf = (context: HandlerContext<Principal>) =>
  new URLSearchParams(context.request.url.split('?')[1] ?? '');

export function listHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return async (context) => ({
    status: 200,
    body: await collection(resource, {
      db,
      principal: principalOf(context),
      query: context.query,
      search: searchOf(context),
    }),
  });
}

export function itemHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return async (context) => ({
    status: 200,
    body: await item(resource, Number(context.params.id), {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  });
}

export function patchHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return async (context) => ({
    status: 200,
    body: await mergePatch(resource, Number(context.params.id), context.body, {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  });
}

/** `POST` on the collection: 201 with the new item (see `createItem`). */
export function createHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return async (context) => ({
    status: 201,
    body: await createItem(resource, context.body, {
      db,
      principal: principalOf(context),
      query: context.query,
    }),
  });
}

/** `DELETE` of an item: 204, or 404 when missing or outside the caller's scope. */
export function deleteHandler<F extends SelectedFields, R>(
  db: Database,
  resource: ResourceSpec<F, R>,
): Handler<Principal> {
  return async (context) => {
    await deleteItem(resource, Number(context.params.id), {
      db,
      principal: principalOf(context),
      query: context.query,
    });
    return { status: 204 };
  };
}

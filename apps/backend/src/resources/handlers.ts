import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { collection } from './collection.js';
import { item } from './item.js';
import { mergePatch } from './merge-patch.js';
import type { ResourceSpec } from './types.js';

/** Contract handlers for a resource: list, item and merge-patch update. */

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

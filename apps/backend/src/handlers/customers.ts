import { clients } from '../resources/clients.js';
import { listHandler } from '../resources/handlers.js';
import type { Deps, HandlerMap } from './deps.js';

/** Customers, served by the resource layer (`resources/clients.ts`). */
export function customerHandlers({ db }: Deps): HandlerMap {
  return { listCustomers: listHandler(db, clients) };
}

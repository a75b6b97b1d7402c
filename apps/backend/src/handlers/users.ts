import { itemHandler, listHandler } from '../resources/handlers.js';
import { usersResource } from '../resources/users.js';
import type { Deps, HandlerMap } from './deps.js';

/** Users, served by the resource layer (`resources/users.ts`). */
export function userHandlers({ db }: Deps): HandlerMap {
  return {
    listUsers: listHandler(db, usersResource),
    getUser: itemHandler(db, usersResource),
  };
}

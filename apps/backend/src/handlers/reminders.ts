import { listHandler } from '../resources/handlers.js';
import { remindersResource } from '../resources/reminders.js';
import type { Deps, HandlerMap } from './deps.js';

/** Mes rappels: the list, declared on the resource layer (`resources/reminders.ts`). */
export function remindersHandlers({ db }: Deps): HandlerMap {
  return {
    listReminders: listHandler(db, remindersResource),
  };
}

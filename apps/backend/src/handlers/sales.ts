import { itemHandler, listHandler } from '../resources/handlers.js';
import { ventesOrions } from '../resources/ventes-orions.js';
import type { Deps, HandlerMap } from './deps.js';

/** Investment sales, served by the resource layer (`resources/ventes-orions.ts`). */
export function salesHandlers({ db }: Deps): HandlerMap {
  return {
    listVentesOrions: listHandler(db, ventesOrions),
    getVenteOrion: itemHandler(db, ventesOrions),
  };
}

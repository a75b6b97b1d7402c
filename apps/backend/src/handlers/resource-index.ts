import type { Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { clients } from '../resources/clients.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { impersonations } from '../resources/impersonations.js';
import { usersResource } from '../resources/users.js';
import { ventesOrions } from '../resources/ventes-orions.js';
import type { Deps } from './deps.js';

/** Operations served by the generic resource layer. */
export function resourceHandlers({ db }: Deps): Record<string, Handler<Principal>> {
  return {
    listVentesOrions: listHandler(db, ventesOrions),
    getVenteOrion: itemHandler(db, ventesOrions),
    listCustomers: listHandler(db, clients),
    listImpersonations: listHandler(db, impersonations),
    listUsers: listHandler(db, usersResource),
    getUser: itemHandler(db, usersResource),
  };
}

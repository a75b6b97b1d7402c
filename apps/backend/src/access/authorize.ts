import { authorize as refuseDisabled, type Principal } from '../auth/principal.js';
import type { Operation } from '../contract.js';
import type { Database } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { requiredComponents } from './components.js';
import { accessOf, holdsAny } from './principal-access.js';

/** The router's authorize hook: suspended accounts first, then the operation's `x-components`. */
export function createAuthorizer(db: Database) {
  return async (principal: Principal, operation: Operation): Promise<void> => {
    refuseDisabled(principal, operation);
    const required = requiredComponents(operation);
    if (required.length === 0) return;
    if (!holdsAny(await accessOf(db, principal), required)) throw forbidden(messages.accessDenied);
  };
}

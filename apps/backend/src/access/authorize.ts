import { authorize as refuseDisabled, type Principal } from '../auth/principal.js';
import type { Operation } from '../contract.js';
import type { Database } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { requiredComponents } from './components.js';
import { accessOf, holdsAny } from './principal-access.js';

/**
 * `x-self-service: true`: the operation's `x-components` are asked only of a caller acting on
 * another user's account; the user himself needs none of them (his own sessions).
 */
export function isSelfService(operation: Operation): boolean {
  return (operation.definition as { 'x-self-service'?: unknown })['x-self-service'] === true;
}

/**
 * Callers let through a self-service operation without its components: they may act on their
 * own account only (`assertOwnOrGated`). Keyed by the principal, built once per request.
 */
const ownAccountOnly = new WeakSet<Principal>();

/** The router's authorize hook: suspended accounts first, then the operation's `x-components`. */
export function createAuthorizer(db: Database) {
  return async (principal: Principal, operation: Operation): Promise<void> => {
    refuseDisabled(principal, operation);
    const required = requiredComponents(operation);
    if (required.length === 0) return;
    if (holdsAny(await accessOf(db, principal), required)) return;
    // The account the call acts on is known to the handler only (a path id, a session's user).
    if (isSelfService(operation)) ownAccountOnly.add(principal);
    else throw forbidden(messages.accessDenied);
  };
}

/**
 * The gate of a self-service operation, once its handler knows whose account it acts on: the
 * caller's own, or he holds the operation's components. Otherwise the router's own refusal, so
 * that another user's id answers the same whether it exists or not.
 */
export function assertOwnOrGated(principal: Principal, userId: number | undefined): void {
  if (ownAccountOnly.has(principal) && userId !== principal.user.id)
    throw forbidden(messages.accessDenied);
}

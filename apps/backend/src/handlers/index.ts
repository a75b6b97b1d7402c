import type { Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { accessHandlers } from './access-index.js';
import { getCgp } from './agents.js';
import { createHandoff, exchangeHandoff, getCurrentUser, login } from './auth.js';
import type { Deps } from './deps.js';
import { mediaHandlers } from './media.js';
import { newsHandlers } from './news.js';
import { notificationHandlers } from './notifications.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { resourceHandlers } from './resource-index.js';
import { sessionHandlers } from './sessions.js';
import { ssoHandlers } from './sso.js';
import { listTrainingModels } from './training.js';

type HandlerMap = Record<string, Handler<Principal>>;

/** One handler per operationId of main.yaml; the router refuses to start on any mismatch. */
export function mainHandlers(deps: Deps): HandlerMap {
  return {
    login: login(deps),
    getCurrentUser: getCurrentUser(deps),
    createHandoff: createHandoff(deps),
    exchangeHandoff: exchangeHandoff(deps),
    requestPasswordReset: requestPasswordReset(deps),
    resetPassword: resetPassword(deps),
    getCgp: getCgp(deps),
    ...accessHandlers(deps),
    ...resourceHandlers(deps),
    ...newsHandlers(deps),
    ...notificationHandlers(deps),
    ...mediaHandlers(deps),
    ...ssoHandlers(deps),
    ...sessionHandlers(deps),
  };
}

export function trainingHandlers(deps: Deps): HandlerMap {
  return { listTrainingModels: listTrainingModels(deps) };
}

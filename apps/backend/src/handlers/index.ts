import type { UploadDeclarations } from '../files/uploads.js';
import type { Config } from '../config.js';
import { accountHandlers, accountUploads } from './account.js';
import { administrationHandlers } from './administrations.js';
import { agentHandlers } from './agents.js';
import { authHandlers } from './auth.js';
import { componentHandlers } from './components.js';
import { customerHandlers } from './customers.js';
import { eventHandlers } from './events.js';
import { healthHandlers } from './health.js';
import type { Deps, HandlerMap } from '../deps.js';
import { impersonationHandlers } from './impersonation.js';
import { jobHandlers } from './jobs.js';
import { libraryHandlers, libraryUploads } from './library.js';
import { mediaHandlers, mediaUploads } from './media.js';
import { newsHandlers } from './news.js';
import { notificationHandlers } from './notifications.js';
import { passwordResetHandlers } from './password-reset.js';
import { profileHandlers } from './profiles.js';
import { prospectHandlers, prospectUploads } from './prospects.js';
import { roleMappingHandlers } from './role-mappings.js';
import { salesHandlers } from './sales.js';
import { secondFactorHandlers } from './second-factor.js';
import { sessionHandlers } from './sessions.js';
import { sponsorshipHandlers } from './sponsorship.js';
import { ssoHandlers } from './sso.js';
import { teamHandlers } from './teams.js';
import { trackingHandlers } from './tracking.js';
import { trainingHandlers as trainingModuleHandlers } from './training.js';
import { userHandlers, userUploads } from './users.js';
import { remindersHandlers } from './reminders.js';
import { analyticsHandlers } from './analytics.js';
import { statisticsHandlers } from './statistics.js';
import { invoiceUploads, invoicesHandlers } from './invoices.js';

/**
 * One handler map per backend module (`handlers/<module>.ts` exports `<module>Handlers`); this
 * file only composes them. The router refuses to start when an operationId of the contract has
 * no handler or a handler no operation; `combine` refuses an operationId served twice.
 */
export function mainHandlers(deps: Deps): HandlerMap {
  return combine([
    authHandlers(deps),
    secondFactorHandlers(deps),
    passwordResetHandlers(deps),
    agentHandlers(deps),
    componentHandlers(deps),
    profileHandlers(deps),
    administrationHandlers(deps),
    impersonationHandlers(deps),
    roleMappingHandlers(deps),
    trackingHandlers(deps),
    userHandlers(deps),
    accountHandlers(deps),
    salesHandlers(deps),
    teamHandlers(deps),
    sponsorshipHandlers(deps),
    eventHandlers(deps),
    customerHandlers(deps),
    newsHandlers(deps),
    notificationHandlers(deps),
    mediaHandlers(deps),
    ssoHandlers(deps),
    sessionHandlers(deps),
    jobHandlers(deps),
    remindersHandlers(deps),
    prospectHandlers(deps),
    libraryHandlers(deps),
    analyticsHandlers(deps),
    statisticsHandlers(deps),
    invoicesHandlers(deps),
    healthHandlers(deps),
  ]);
}

/**
 * The operations that take a file, each declared by its module (folder, rows using its files)
 * with the limits its contract gives (`x-upload`, `files/upload-limits.ts`): the multipart
 * reader, the staging and the sweep serve every one of them.
 */
export function mainUploads(config: Pick<Config, 'uploadMaxBytes'>): UploadDeclarations {
  return combine([
    accountUploads(config),
    mediaUploads(config),
    userUploads(),
    prospectUploads(),
    libraryUploads(),
    invoiceUploads(),
  ]);
}

export function trainingHandlers(deps: Deps): HandlerMap {
  return combine([trainingModuleHandlers(deps)]);
}

function combine<T>(maps: Record<string, T>[]): Record<string, T> {
  const combined: Record<string, T> = {};
  for (const map of maps) {
    for (const [operationId, handler] of Object.entries(map)) {
      if (Object.hasOwn(combined, operationId))
        throw new Error(`Two handler maps serve the operation ${operationId}`);
      combined[operationId] = handler;
    }
  }
  return combined;
}

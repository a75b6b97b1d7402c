import { accessExamples } from './examples/access.js';
import { accountExamples } from './examples/account.js';
import { administrationExamples } from './examples/administration.js';
import { agentExamples } from './examples/agents.js';
import { authExamples } from './examples/auth.js';
import { customerExamples } from './examples/customers.js';
import { eventExamples } from './examples/events.js';
import { healthExamples } from './examples/health.js';
import { jobExamples } from './examples/jobs.js';
import { libraryExamples, modificationRequestExamples } from './examples/library.js';
import { mediaExamples } from './examples/media.js';
import { newsExamples } from './examples/news.js';
import { notificationExamples } from './examples/notifications.js';
import { salesExamples } from './examples/sales.js';
import { secondFactorExamples } from './examples/second-factor.js';
import { sessionExamples } from './examples/sessions.js';
import { ssoExamples } from './examples/sso.js';
import { sponsorshipExamples } from './examples/sponsorship.js';
import { teamExamples } from './examples/teams.js';
import { trackingExamples } from './examples/tracking.js';
import { trainingExamples } from './examples/training.js';
import type { Example } from './examples/types.js';
import { userExamples } from './examples/users.js';
import { remindersExamples } from './examples/reminders.js';
import { prospectExamples } from './examples/prospects.js';
import { analyticsExamples } from './examples/analytics.js';
import { statisticsExamples } from './examples/statistics.js';
import { invoicesExamples } from './examples/invoices.js';

export type {
  BeyondRightsExample,
  CaseInput,
  Example,
  ForeignExample,
  MatrixRequest,
} from './examples/types.js';

/**
 * One example per operation, keyed `contract:operationId`, from one file per domain (the tags
 * of the contract fragments): a new operation gets its example in its domain's file.
 */
export const EXAMPLES: Record<string, Example> = compose([
  authExamples,
  sessionExamples,
  secondFactorExamples,
  agentExamples,
  accessExamples,
  administrationExamples,
  userExamples,
  accountExamples,
  trainingExamples,
  trackingExamples,
  salesExamples,
  teamExamples,
  sponsorshipExamples,
  eventExamples,
  jobExamples,
  customerExamples,
  newsExamples,
  notificationExamples,
  mediaExamples,
  ssoExamples,
  remindersExamples,
  prospectExamples,
  libraryExamples,
  modificationRequestExamples,
  analyticsExamples,
  statisticsExamples,
  invoicesExamples,
  healthExamples,
]);

function compose(domains: Record<string, Example>[]): Record<string, Example> {
  const all: Record<string, Example> = {};
  for (const examples of domains) {
    for (const [key, example] of Object.entries(examples)) {
      if (Object.hasOwn(all, key)) throw new Error(`Two examples for ${key}`);
      all[key] = example;
    }
  }
  return all;
}

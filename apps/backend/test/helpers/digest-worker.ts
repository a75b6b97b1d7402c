/**
 * A backend process reduced to the reminder digests, for the kill -9 test: it works
 * `reminders.digest` with the outbox mailer, but its second mail never ends (the process is
 * killed while it hangs). Usage: tsx digest-worker.ts (DATABASE_URL, AGENT_APP_URL).
 */
import { openDatabase } from '../../src/db/client.js';
import { startJobQueue } from '../../src/jobs/queue.js';
import { reminderDigestJob } from '../../src/jobs/reminder-digests.js';
import { createMailer, type Mailer } from '../../src/mail.js';

const { db } = await openDatabase({
  database: { kind: 'postgres', url: process.env.DATABASE_URL! },
});
const outbox = createMailer({ smtpUrl: null, mailFrom: 'portail@test.fr' }, db);
let sent = 0;
const mailer: Mailer = {
  ...outbox,
  async send(message) {
    sent += 1;
    if (sent >= 2) {
      console.log('hanging');
      await new Promise(() => undefined);
    }
    await outbox.send(message);
  },
};
await startJobQueue(
  db,
  [
    reminderDigestJob(
      { db, mailer, config: { agentAppUrl: process.env.AGENT_APP_URL! } },
      { expireInSeconds: 3, retryDelaySeconds: 1 },
    ),
  ],
  { work: true, supervise: false, pollingIntervalSeconds: 0.5 },
);
console.log('ready');

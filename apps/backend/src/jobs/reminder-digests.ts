import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';
import { customers, reminderDigests, reminders, users } from '../db/schema.js';
import { day, parisDay, parisInstant } from '../domain/paris-time.js';
import type { Deps } from '../deps.js';
import { escapeHtml } from '../html.js';
import { assertNoViolations, type Violation } from '../http/errors.js';
import { visibleToUser } from '../resources/reminders.js';
import type { JobDefinition } from './queue.js';

export type DigestFrequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

export const DIGEST_JOB = 'reminders.digest';
/** When the digests go out, Europe/Paris: the evening before the period they cover. */
export const DIGEST_CRON = '0 18 * * *';
/** A claim older than this is a run that died: another run takes the user over. */
const STALE_CLAIM = sql`interval '15 minutes'`;

export const digestMessages = {
  notSunday: 'La date doit être un dimanche.',
  notLastDay: 'La date doit être le dernier jour du mois.',
} as const;

/** The digests due on a Paris day: daily always, weekly on Sunday, monthly on the last day. */
export function dueFrequencies(date: string): DigestFrequency[] {
  return [
    'DAILY',
    ...(day.weekday(date) === 0 ? (['WEEKLY'] as const) : []),
    ...(day.isLastOfMonth(date) ? (['MONTHLY'] as const) : []),
  ];
}

/**
 * The days a digest due on `date` covers: the next day (daily), the next Monday to Sunday
 * (weekly, due on a Sunday), the next month (monthly, due on a month's last day). Another day
 * for a weekly or monthly digest is a violation.
 */
export function digestPeriod(
  frequency: DigestFrequency,
  date: string,
): { from: string; to: string } | { violation: Violation } {
  const from = day.add(date, 1);
  if (frequency === 'DAILY') return { from, to: from };
  if (frequency === 'WEEKLY')
    return day.weekday(date) === 0
      ? { from, to: day.add(date, 7) }
      : { violation: { propertyPath: 'date', message: digestMessages.notSunday } };
  return day.isLastOfMonth(date)
    ? { from, to: day.endOfNextMonth(date) }
    : { violation: { propertyPath: 'date', message: digestMessages.notLastDay } };
}

export interface DigestRun {
  frequency: DigestFrequency;
  date: string;
  from: string;
  to: string;
  mailed: number;
  alreadyMailed: number;
  failed: number;
}

interface DigestReminder {
  title: string;
  date: Date;
  type: 'hubnup' | 'personal';
  client: string | null;
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
});
const monthName = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  month: 'long',
  year: 'numeric',
});
const noon = (text: string) => {
  const { year, month, day: date } = day.parse(text);
  return parisInstant(year, month, date, 12);
};

export function digestSubject(frequency: DigestFrequency, from: string, to: string): string {
  if (frequency === 'DAILY') return `Vos rappels du ${longDate.format(noon(from))}`;
  if (frequency === 'WEEKLY')
    return `Vos rappels de la semaine du ${longDate.format(noon(from))} au ${longDate.format(noon(to))}`;
  return `Vos rappels du mois de ${monthName.format(noon(from))}`;
}

/** The French digest mail, text and HTML (every value escaped in the HTML). */
export function digestMail(
  firstName: string,
  frequency: DigestFrequency,
  period: { from: string; to: string },
  items: DigestReminder[],
  appUrl: string,
) {
  const subject = digestSubject(frequency, period.from, period.to);
  const line = (r: DigestReminder) =>
    `${longDate.format(r.date)} à ${time.format(r.date)} : ${r.title}` +
    `${r.client ? ` (${r.client})` : ''}${r.type === 'hubnup' ? ' [rappel réseau]' : ''}`;
  const link = `${appUrl}/my/reminders`;
  const intro = items.length === 1 ? 'Vous avez 1 rappel :' : `Vous avez ${items.length} rappels :`;
  const text = [
    `Bonjour ${firstName},`,
    '',
    intro,
    '',
    ...items.map((r) => `- ${line(r)}`),
    '',
    `Retrouvez-les dans vos rappels : ${link}`,
    'Vous recevez ce message selon vos préférences de rapport des rappels.',
    '',
    "L'équipe du Portail Réseau Patrimoine",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
<p>${escapeHtml(intro)}</p>
<ul>
${items.map((r) => `<li>${escapeHtml(line(r))}</li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(link)}">Voir mes rappels</a></p>
<p>Vous recevez ce message selon vos préférences de rapport des rappels.</p>
<p>L'équipe du Portail Réseau Patrimoine</p>`;
  return { subject, text, html };
}

type DigestDeps = Pick<Deps, 'db' | 'mailer'> & { config: Pick<Deps['config'], 'agentAppUrl'> };

/**
 * Mails the digest of `frequency` due on `date` to every user who asked for it, once per user
 * and period. The period's rows are written first (the idempotency keys: one row per user,
 * frequency and first day); then each row is claimed by this run in one statement (a row sent,
 * or claimed by another live run, is never taken), mailed, and marked sent. A run that died
 * leaves its claims: its retry (same `runId`, the job's id) takes them back at once, any other
 * run after 15 minutes. A failed mail releases its row for the next attempt.
 */
export async function runReminderDigest(
  deps: DigestDeps,
  { frequency, date }: { frequency: DigestFrequency; date: string },
  runId: string,
): Promise<DigestRun> {
  const period = digestPeriod(frequency, date);
  if ('violation' in period) {
    assertNoViolations([period.violation]);
    throw new Error('unreachable');
  }
  const { db } = deps;
  await db.execute(sql`
    insert into ${reminderDigests} (user_id, frequency, period_start, period_end)
    select ${users.id}, ${frequency}, ${period.from}::date, ${period.to}::date from ${users}
    where ${users.reminderFrequency} @> ${JSON.stringify([frequency])}::jsonb
      and not (${users.roles} @> '["ROLE_DISABLED"]'::jsonb)
    on conflict (user_id, frequency, period_start) do nothing`);
  const ofPeriod = and(
    eq(reminderDigests.frequency, frequency),
    sql`${reminderDigests.periodStart} = ${period.from}::date`,
  );
  const [before] = await db
    .select({ sent: sql<number>`count(*)::int` })
    .from(reminderDigests)
    .where(and(ofPeriod, sql`${reminderDigests.sentAt} is not null`));

  const result: DigestRun = {
    frequency,
    date,
    ...period,
    mailed: 0,
    alreadyMailed: Number(before?.sent ?? 0),
    failed: 0,
  };
  let after = 0;
  for (;;) {
    const claimed = rowsOf<{ id: number; user_id: number }>(
      await db.execute(sql`
        update ${reminderDigests}
        set claimed_by = ${runId}, claimed_at = now(), attempts = attempts + 1
        where id = (
          select id from ${reminderDigests}
          where frequency = ${frequency} and period_start = ${period.from}::date
            and sent_at is null and id > ${after}
            and (claimed_by is null or claimed_by = ${runId} or claimed_at < now() - ${STALE_CLAIM})
          order by id limit 1
          for update skip locked)
          and sent_at is null
        returning id, user_id`),
    );
    const row = claimed[0];
    if (!row) break;
    after = row.id;
    try {
      const count = await mailDigest(deps, row.user_id, frequency, period);
      await db
        .update(reminderDigests)
        .set({ sentAt: new Date(), reminders: count, lastError: null })
        .where(and(eq(reminderDigests.id, row.id), eq(reminderDigests.claimedBy, runId)));
      if (count > 0) result.mailed += 1;
    } catch (error) {
      result.failed += 1;
      await db
        .update(reminderDigests)
        .set({ claimedBy: null, claimedAt: null, lastError: String(error).slice(0, 500) })
        .where(and(eq(reminderDigests.id, row.id), eq(reminderDigests.claimedBy, runId)));
    }
  }
  return result;
}

/**
 * One user's digest: the reminders he may read in the period (Paris days), by date. Nothing to
 * say, no mail (the row is still marked: the period is done). Answers how many were mailed.
 */
async function mailDigest(
  deps: DigestDeps,
  userId: number,
  frequency: DigestFrequency,
  period: { from: string; to: string },
): Promise<number> {
  const { db } = deps;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return 0;
  const start = day.parse(period.from);
  const end = day.parse(day.add(period.to, 1));
  const items = await db
    .select({
      title: reminders.title,
      date: reminders.date,
      type: reminders.type,
      prospect: reminders.prospect,
      clientFirstName: customers.firstName,
      clientLastName: customers.lastName,
    })
    .from(reminders)
    .leftJoin(customers, eq(customers.id, reminders.customerId))
    .where(
      and(
        visibleToUser(userId),
        sql`${reminders.date} >= ${parisInstant(start.year, start.month, start.day).toISOString()}::timestamptz`,
        sql`${reminders.date} < ${parisInstant(end.year, end.month, end.day).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(reminders.date), asc(reminders.id));
  if (items.length === 0) return 0;
  const mail = digestMail(
    user.firstName,
    frequency,
    period,
    items.map((r) => ({
      title: r.title,
      date: r.date,
      type: r.type,
      client: r.clientFirstName !== null ? `${r.clientFirstName} ${r.clientLastName}` : r.prospect,
    })),
    deps.config.agentAppUrl,
  );
  await deps.mailer.send({ to: user.email, ...mail });
  return items.length;
}

/**
 * The schedule: every day at 18:00 in Paris, the digests due that day (daily; weekly on Sunday;
 * monthly on the last day). A job may also name one digest (`{ frequency, date }`). The day is
 * the one the job was created on, so a retry the next morning still sends the evening's digest.
 * Failed mails fail the attempt once every user was tried: the queue retries (30 s, doubling),
 * and the retry mails only those not sent.
 */
export function reminderDigestJob(
  deps: DigestDeps,
  /** Shorter expiry and retry delay for the tests that kill a process mid-run. */
  timing: Pick<JobDefinition, 'expireInSeconds' | 'retryDelaySeconds'> = {},
): JobDefinition<{ frequency?: DigestFrequency; date?: string }> {
  return {
    name: DIGEST_JOB,
    cron: DIGEST_CRON,
    retryLimit: 5,
    ...timing,
    async run(data, job) {
      const date = data.date ?? parisDay(job.createdOn ?? new Date());
      const frequencies = data.frequency ? [data.frequency] : dueFrequencies(date);
      let failed = 0;
      for (const frequency of frequencies)
        failed += (await runReminderDigest(deps, { frequency, date }, job.id)).failed;
      if (failed > 0) throw new Error(`${failed} digest mail(s) failed; retried`);
    },
  };
}

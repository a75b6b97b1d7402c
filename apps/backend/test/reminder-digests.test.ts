import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { mailOutbox, reminderDigests, reminderLists, reminders, users } from '../src/db/schema.js';
import { createMailer, type Mailer } from '../src/mail.js';
import { startJobQueue, type JobQueue } from '../src/jobs/queue.js';
import {
  DIGEST_JOB,
  digestPeriod,
  dueFrequencies,
  reminderDigestJob,
  runReminderDigest,
} from '../src/jobs/reminder-digests.js';
import { ADMIN, CLAIRE, JULIEN, LUCAS } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

/**
 * The reminder digests with a fixed clock: the day a digest is due is given (the schedule's
 * tick, or the staff operation's `date`), never read from the machine's clock. February 2028
 * has 29 days; 27 February 2028 is a Sunday.
 */
let ctx: TestContext;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  for (const [key, email] of Object.entries({ claire: CLAIRE, julien: JULIEN, lucas: LUCAS })) {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[key] = row!.id;
  }
  await ctx.db
    .update(users)
    .set({ reminderFrequency: ['DAILY', 'WEEKLY', 'MONTHLY'] })
    .where(eq(users.id, ids.claire!));
  await ctx.db
    .update(users)
    .set({ reminderFrequency: ['WEEKLY'] })
    .where(eq(users.id, ids.julien!));
  await ctx.db.update(users).set({ reminderFrequency: [] }).where(eq(users.id, ids.lucas!));

  const personal = async (userId: number, title: string, date: string) => {
    const [row] = await ctx.db
      .insert(reminders)
      .values({ title, date: new Date(date), type: 'personal', authorId: userId })
      .returning();
    await ctx.db.insert(reminderLists).values({ reminderId: row!.id, userId });
  };
  // Paris is UTC+1 in winter: 23:30 UTC on the 28th is 00:30 on the 29th in Paris.
  await personal(ids.claire!, 'Bilan du 29 février', '2028-02-28T23:30:00Z');
  await personal(ids.claire!, 'Signature du 3 mars', '2028-03-03T09:00:00Z');
  await personal(ids.claire!, 'Point du 20 mars', '2028-03-20T09:00:00Z');
  await personal(ids.claire!, 'Hors période', '2028-04-02T09:00:00Z');
  await personal(ids.julien!, 'Rendez-vous de Julien', '2028-03-01T15:00:00Z');
  // A displayed network reminder in both lists; a hidden one in neither's digest.
  for (const displayed of [true, false]) {
    const [row] = await ctx.db
      .insert(reminders)
      .values({
        title: displayed ? 'Clôture trimestrielle' : 'Brouillon du siège',
        date: new Date('2028-03-02T08:00:00Z'),
        type: 'hubnup',
        displayed,
      })
      .returning();
    await ctx.db.insert(reminderLists).values([
      { reminderId: row!.id, userId: ids.claire! },
      { reminderId: row!.id, userId: ids.julien! },
    ]);
  }
});
afterAll(() => ctx?.close());

const digestMails = async (like_ = 'Vos rappels%') =>
  ctx.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(like(mailOutbox.subject, like_))
    .orderBy(mailOutbox.id);

const run = (frequency: string, date: string) =>
  ctx.api('POST', '/reminder_digests', { token: admin, body: { frequency, date } });

describe('when digests are due', () => {
  it('daily every day, weekly on Sunday, monthly on the last day (29 February too)', () => {
    expect(dueFrequencies('2028-02-28')).toEqual(['DAILY']);
    expect(dueFrequencies('2028-02-27')).toEqual(['DAILY', 'WEEKLY']);
    expect(dueFrequencies('2028-02-29')).toEqual(['DAILY', 'MONTHLY']);
    expect(dueFrequencies('2027-02-28')).toEqual(['DAILY', 'WEEKLY', 'MONTHLY']);
    expect(digestPeriod('DAILY', '2028-02-28')).toEqual({ from: '2028-02-29', to: '2028-02-29' });
    expect(digestPeriod('WEEKLY', '2028-02-27')).toEqual({ from: '2028-02-28', to: '2028-03-05' });
    expect(digestPeriod('MONTHLY', '2028-02-29')).toEqual({ from: '2028-03-01', to: '2028-03-31' });
    expect(digestPeriod('MONTHLY', '2027-12-31')).toEqual({ from: '2028-01-01', to: '2028-01-31' });
  });
});

describe('the digests', () => {
  it('daily: the next day’s reminders, once', async () => {
    const first = await run('DAILY', '2028-02-28');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      frequency: 'DAILY',
      date: '2028-02-28',
      from: '2028-02-29',
      to: '2028-02-29',
      mailed: 1,
      alreadyMailed: 0,
      failed: 0,
    });
    const mails = await digestMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: CLAIRE,
      subject: 'Vos rappels du mardi 29 février 2028',
    });
    expect(mails[0]!.text).toContain('Bilan du 29 février');
    expect(mails[0]!.text).toContain('à 00:30');
    expect(mails[0]!.text).not.toContain('Signature');

    const again = await run('DAILY', '2028-02-28');
    expect(again.body).toMatchObject({ mailed: 0, alreadyMailed: 1, failed: 0 });
    expect(await digestMails()).toHaveLength(1);
  });

  it('weekly on Sunday: Monday to Sunday, to each user who asked, once', async () => {
    const monday = await run('WEEKLY', '2028-02-28');
    expect(monday.status).toBe(422);
    expect(monday.body.violations[0].message).toBe('La date doit être un dimanche.');

    const sunday = await run('WEEKLY', '2028-02-27');
    expect(sunday.body).toMatchObject({ from: '2028-02-28', to: '2028-03-05', mailed: 2 });
    const weekly = await digestMails('Vos rappels de la semaine%');
    expect(weekly.map((m) => m.to).sort()).toEqual([CLAIRE, JULIEN].sort());
    const claire = weekly.find((m) => m.to === CLAIRE)!;
    expect(claire.subject).toBe(
      'Vos rappels de la semaine du lundi 28 février 2028 au dimanche 5 mars 2028',
    );
    for (const title of ['Bilan du 29 février', 'Signature du 3 mars', 'Clôture trimestrielle'])
      expect(claire.text).toContain(title);
    expect(claire.text).not.toContain('Brouillon du siège');
    expect(claire.text).not.toContain('Point du 20 mars');
    const julien = weekly.find((m) => m.to === JULIEN)!;
    expect(julien.text).toContain('Rendez-vous de Julien');
    expect(julien.text).not.toContain('Bilan');

    expect((await run('WEEKLY', '2028-02-27')).body).toMatchObject({ mailed: 0, alreadyMailed: 2 });
    expect(await digestMails('Vos rappels de la semaine%')).toHaveLength(2);
  });

  it('monthly on the last day, 29 February of a leap year: the next month, once', async () => {
    const early = await run('MONTHLY', '2028-02-28');
    expect(early.status).toBe(422);
    expect(early.body.violations[0].message).toBe('La date doit être le dernier jour du mois.');

    const last = await run('MONTHLY', '2028-02-29');
    expect(last.body).toMatchObject({ from: '2028-03-01', to: '2028-03-31', mailed: 1 });
    const monthly = await digestMails('Vos rappels du mois%');
    expect(monthly).toHaveLength(1);
    expect(monthly[0]).toMatchObject({ to: CLAIRE, subject: 'Vos rappels du mois de mars 2028' });
    for (const title of ['Signature du 3 mars', 'Point du 20 mars', 'Clôture trimestrielle'])
      expect(monthly[0]!.text).toContain(title);
    expect(monthly[0]!.text).not.toContain('Hors période');
    expect(monthly[0]!.text).not.toContain('Bilan du 29 février');
    await run('MONTHLY', '2028-02-29');
    expect(await digestMails('Vos rappels du mois%')).toHaveLength(1);
  });

  it('runs the day’s digests from the schedule’s tick, the day the job was created', async () => {
    const job = reminderDigestJob(ctx);
    // The Sunday 5 March 2028 tick at 18:00 in Paris, retried after midnight: still the 5th.
    const createdOn = new Date('2028-03-05T17:00:00Z');
    await job.run({}, { id: 'tick-2028-03-05', retryCount: 0, createdOn });
    await job.run({}, { id: 'tick-2028-03-05', retryCount: 1, createdOn });
    const rows = await ctx.db
      .select({ frequency: reminderDigests.frequency, userId: reminderDigests.userId })
      .from(reminderDigests)
      .where(sql`${reminderDigests.periodStart} = '2028-03-06'::date`);
    expect(rows.map((r) => r.frequency).sort()).toEqual(['DAILY', 'WEEKLY', 'WEEKLY']);
    const mails = await digestMails('Vos rappels de la semaine du lundi 6 mars%');
    // Neither Claire nor Julien has a reminder that week: the period is done, no empty mail.
    expect(mails).toHaveLength(0);
  });

  it('retries a failed mail, and a run that died is resumed by its retry without a second mail', async () => {
    await ctx.db
      .update(users)
      .set({ reminderFrequency: ['DAILY'] })
      .where(inArray(users.id, [ids.julien!]));
    // Julien has a reminder on 2 March (the network one): the daily digest of 1 March.
    let failures = 1;
    const flaky: Mailer = {
      ...ctx.mailer,
      async send(message) {
        if (failures > 0 && message.to === JULIEN) {
          failures -= 1;
          throw new Error('SMTP 451 try again later');
        }
        await ctx.mailer.send(message);
      },
    };
    const deps = { db: ctx.db, mailer: flaky, config: ctx.config };
    const first = await runReminderDigest(
      deps,
      { frequency: 'DAILY', date: '2028-03-01' },
      'job-a',
    );
    expect(first).toMatchObject({ mailed: 1, failed: 1 });
    const [failed] = await ctx.db
      .select()
      .from(reminderDigests)
      .where(and(eq(reminderDigests.userId, ids.julien!), eq(reminderDigests.frequency, 'DAILY')));
    expect(failed).toMatchObject({ sentAt: null, claimedBy: null });
    expect(failed!.lastError).toContain('451');
    const retry = await runReminderDigest(
      deps,
      { frequency: 'DAILY', date: '2028-03-01' },
      'job-a',
    );
    expect(retry).toMatchObject({ mailed: 1, alreadyMailed: 1, failed: 0 });
    const march1 = (await digestMails('Vos rappels du jeudi 2 mars 2028')).map((m) => m.to).sort();
    expect(march1).toEqual([CLAIRE, JULIEN].sort());

    // A run (job-b) that died after claiming Claire's digest of 2 March: another run leaves the
    // fresh claim alone; job-b's retry (same job id) takes it back and mails once.
    await runReminderDigest(
      { ...deps, mailer: { ...ctx.mailer, send: () => Promise.reject(new Error('stop')) } },
      { frequency: 'DAILY', date: '2028-03-02' },
      'probe',
    );
    await ctx.db
      .update(reminderDigests)
      .set({ claimedBy: 'job-b', claimedAt: new Date(), lastError: null })
      .where(sql`${reminderDigests.periodStart} = '2028-03-03'::date`);
    const other = await runReminderDigest(
      { ...deps, mailer: ctx.mailer },
      { frequency: 'DAILY', date: '2028-03-02' },
      'job-c',
    );
    expect(other).toMatchObject({ mailed: 0, failed: 0 });
    const resumed = await runReminderDigest(
      { ...deps, mailer: ctx.mailer },
      { frequency: 'DAILY', date: '2028-03-02' },
      'job-b',
    );
    expect(resumed).toMatchObject({ mailed: 1, failed: 0 });
    const march3 = await digestMails('Vos rappels du vendredi 3 mars 2028');
    expect(march3.map((m) => m.to)).toEqual([CLAIRE]);
    expect(march3[0]!.text).toContain('Signature du 3 mars');
  });

  it('fails the job’s attempt when a mail failed, so that the queue retries it', async () => {
    const [row] = await ctx.db
      .insert(reminders)
      .values({
        title: 'Relance du 4 mars',
        date: new Date('2028-03-04T10:00:00Z'),
        type: 'personal',
        authorId: ids.claire!,
      })
      .returning();
    await ctx.db.insert(reminderLists).values({ reminderId: row!.id, userId: ids.claire! });
    let failures = 1;
    const flaky: Mailer = {
      ...ctx.mailer,
      async send(message) {
        if (failures-- > 0) throw new Error('SMTP 421 service not available');
        await ctx.mailer.send(message);
      },
    };
    const job = reminderDigestJob({ db: ctx.db, mailer: flaky, config: ctx.config });
    const data = { frequency: 'DAILY' as const, date: '2028-03-03' };
    await expect(job.run(data, { id: 'job-d', retryCount: 0 })).rejects.toThrow(/1 digest mail/);
    await job.run(data, { id: 'job-d', retryCount: 1 });
    await job.run(data, { id: 'job-d', retryCount: 2 });
    const mails = await digestMails('Vos rappels du samedi 4 mars 2028');
    expect(mails.map((m) => m.to)).toEqual([CLAIRE]);
  });

  it('refuses malformed requests with a French 4xx, and only to the jobs component', async () => {
    for (const body of [
      { frequency: 'DAILY', date: '2028-02-30' },
      { frequency: 'HOURLY', date: '2028-02-28' },
      { frequency: 'DAILY' },
      { frequency: 'DAILY', date: 20280228 },
    ]) {
      const response = await ctx.api('POST', '/reminder_digests', { token: admin, body });
      expect([400, 422]).toContain(response.status);
    }
    const agent = await ctx.login(CLAIRE);
    const refused = await ctx.api('POST', '/reminder_digests', {
      token: agent,
      body: { frequency: 'DAILY', date: '2028-02-28' },
    });
    expect(refused.status).toBe(403);
  });
});

// Several processes on one PostgreSQL need a database server: the PGlite run skips this part.
const serverUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(serverUrl) && serverUrl !== 'memory://';

describe.skipIf(!onPostgres)('two job runners on one PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all(handles.map((h) => h.close()));
  }, 30_000);

  it('send each digest once', async () => {
    // Every agent of the demo wants the daily digest of 9 March 2028 (one reminder each).
    const agents = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.agentId} is not null and not (${users.roles} @> '["ROLE_DISABLED"]')`);
    for (const agent of agents) {
      const [row] = await ctx.db
        .insert(reminders)
        .values({
          title: `Course ${agent.id}`,
          date: new Date('2028-03-10T09:00:00Z'),
          type: 'personal',
          authorId: agent.id,
        })
        .returning();
      await ctx.db.insert(reminderLists).values({ reminderId: row!.id, userId: agent.id });
    }
    await ctx.db
      .update(users)
      .set({ reminderFrequency: ['DAILY'] })
      .where(
        inArray(
          users.id,
          agents.map((a) => a.id),
        ),
      );

    // Two processes: their own pools, mailers and queues, both working the digest queue.
    const runners = await Promise.all(
      [1, 2].map(async () => {
        const handle = await openDatabase({ database: ctx.config.database });
        handles.push(handle);
        const mailer = createMailer(ctx.config, handle.db);
        const queue = await startJobQueue(
          handle.db,
          [reminderDigestJob({ db: handle.db, mailer, config: ctx.config })],
          {
            work: true,
            supervise: true,
            pollingIntervalSeconds: 0.5,
            maintenanceIntervalSeconds: 1,
          },
        );
        queues.push(queue);
        return { db: handle.db, mailer, queue, config: ctx.config };
      }),
    );
    // Both ask for it (the schedule would tick once; a support run may race it)…
    await Promise.all(
      runners.map((r) =>
        r.queue.send(
          DIGEST_JOB,
          { frequency: 'DAILY', date: '2028-03-09' },
          { key: 'DAILY:2028-03-09' },
        ),
      ),
    );
    // …and both also run it directly at the same time, under other run ids.
    await Promise.all(
      runners.map((r, i) =>
        runReminderDigest(r, { frequency: 'DAILY', date: '2028-03-09' }, `direct-${i}`),
      ),
    );
    // The queued job, worked by one of the two runners, finds nothing left to send. Its key
    // keeps one job waiting at a time: when the first is already running as the second send
    // arrives (a busy machine), a second job is queued, and it finds nothing to send either.
    await expect
      .poll(
        async () => {
          const states = rowsOf<{ state: string }>(
            await ctx.db.execute(sql`select state from pgboss.job where name = ${DIGEST_JOB}`),
          ).map((job) => job.state);
          return states.length >= 1 && states.length <= 2 && states.every((s) => s === 'completed');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // Every run has ended (the direct ones were awaited): no mail can come after this.
    const mails = await digestMails('Vos rappels du vendredi 10 mars 2028');
    expect(mails.map((m) => m.to).sort()).toEqual(agents.map((a) => a.email).sort());
    const sent = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reminderDigests)
      .where(
        and(
          sql`${reminderDigests.periodStart} = '2028-03-10'::date`,
          sql`${reminderDigests.sentAt} is not null`,
        ),
      );
    expect(Number(sent[0]!.n)).toBe(agents.length);
  }, 60_000);

  it('resumes a run whose process was killed mid-run, without mailing anyone twice', async () => {
    // The runners of the test above stop: the job must go to the process that is killed.
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    const agents = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.agentId} is not null and not (${users.roles} @> '["ROLE_DISABLED"]')`);
    expect(agents.length).toBeGreaterThanOrEqual(3);
    await ctx.db
      .update(users)
      .set({ reminderFrequency: ['DAILY'] })
      .where(
        inArray(
          users.id,
          agents.map((a) => a.id),
        ),
      );
    for (const agent of agents) {
      const [row] = await ctx.db
        .insert(reminders)
        .values({
          title: `Échéance ${agent.id}`,
          date: new Date('2028-03-15T09:00:00Z'),
          type: 'personal',
          authorId: agent.id,
        })
        .returning();
      await ctx.db.insert(reminderLists).values({ reminderId: row!.id, userId: agent.id });
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/digest-worker.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: (ctx.config.database as { url: string }).url,
        AGENT_APP_URL: ctx.config.agentAppUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 30_000 }).toContain('ready');

    const handle = await openDatabase({ database: ctx.config.database });
    handles.push(handle);
    const mailer = createMailer(ctx.config, handle.db);
    const deps = { db: handle.db, mailer, config: ctx.config };
    const timing = { expireInSeconds: 3, retryDelaySeconds: 1 };
    const sender = await startJobQueue(handle.db, [reminderDigestJob(deps, timing)], {
      work: false,
      supervise: false,
    });
    queues.push(sender);
    await sender.send(DIGEST_JOB, { frequency: 'DAILY', date: '2028-03-14' }, { key: 'kill' });
    // The worker mails the first user, then hangs on the second: killed there.
    await expect.poll(() => output, { timeout: 20_000 }).toContain('hanging');
    child.kill('SIGKILL');
    const subject = 'Vos rappels du mercredi 15 mars 2028';
    expect(await digestMails(subject)).toHaveLength(1);

    // The survivor fails the expired attempt and works the retry (same job, same claims).
    const survivor = await startJobQueue(handle.db, [reminderDigestJob(deps, timing)], {
      work: true,
      supervise: true,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    queues.push(survivor);
    await expect
      .poll(async () => (await digestMails(subject)).length, { timeout: 40_000 })
      .toBe(agents.length)
      .catch(async (error: unknown) => {
        const jobs = rowsOf(
          await ctx.db.execute(sql`select name, state, retry_count from pgboss.job`),
        );
        throw new Error(`${String(error)}\n${JSON.stringify(jobs)}\n${output}`);
      });
    // The job has ended: no mail can come after this one.
    await expect
      .poll(
        async () =>
          rowsOf<{ state: string }>(
            await ctx.db.execute(
              sql`select state from pgboss.job where name = ${DIGEST_JOB} and singleton_key = 'kill'`,
            ),
          ).map((job) => job.state),
        { timeout: 30_000 },
      )
      .toEqual(['completed']);
    const mails = await digestMails(subject);
    expect(mails.map((m) => m.to).sort()).toEqual(agents.map((a) => a.email).sort());
  }, 90_000);
});

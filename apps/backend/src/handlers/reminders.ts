import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { reminderLists, reminders } from '../db/schema.js';
import { parisInstant, day } from '../domain/paris-time.js';
import {
  fanOutNetworkReminder,
  parseReminder,
  parseReminderDate,
  reminderMessages,
  type ReminderWriter,
} from '../domain/reminders.js';
import { icsDisposition, remindersCalendar, type IcsReminder } from '../exports/ics.js';
import {
  assertNoViolations,
  badRequest,
  forbidden,
  notFound,
  type Violation,
} from '../http/errors.js';
import { INVALID_DATE } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { DIGEST_JOB, runReminderDigest, type DigestFrequency } from '../jobs/reminder-digests.js';
import { exportRows } from '../resources/export-rows.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { deleteRowById, item } from '../resources/item.js';
import { selectFrom, withJoins, whereOf } from '../resources/query.js';
import {
  readableReminders,
  reminderListsResource,
  reminderClientName,
  remindersResource,
  visibleToUser,
  type ReminderRow,
} from '../resources/reminders.js';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Deps, HandlerMap } from '../deps.js';

/** Most events one calendar file carries (the latest first). */
export const ICS_MAX_EVENTS = 5000;

const objectBody = (body: unknown): Record<string, unknown> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Le corps de la requête doit être un objet JSON.');
  return body as Record<string, unknown>;
};

async function writerOf(db: Database, principal: Principal): Promise<ReminderWriter> {
  const { isAgent } = await accessOf(db, principal);
  return { userId: principal.user.id, isAgent, agentId: principal.user.agentId };
}

const requestOf = (db: Database, context: HandlerContext<Principal>) => ({
  db,
  principal: principalOf(context),
  query: context.query,
});

/**
 * The reminder a write names, checked against its writer: an agent writes his personal
 * reminders (a network one he can read: 403; anything else: 404), staff network ones (a
 * personal one he may read: 403; one he may not: 404).
 */
async function writable(db: Database, principal: Principal, writer: ReminderWriter, id: number) {
  const [row] = await db
    .select({ id: reminders.id, type: reminders.type, authorId: reminders.authorId })
    .from(reminders)
    .where(and(eq(reminders.id, id), await readableReminders(db, principal)));
  if (!row) throw notFound();
  if (writer.isAgent && row.type === 'hubnup') throw forbidden(reminderMessages.networkReadOnly);
  if (!writer.isAgent && row.type === 'personal')
    throw forbidden(reminderMessages.personalOwnerOnly);
  return row;
}

/** The reminder's type: the caller's (agents personal, staff network); another is a 403. */
function typeOf(writer: ReminderWriter, body: Record<string, unknown>) {
  const type = writer.isAgent ? 'personal' : 'hubnup';
  if (body.type !== undefined && body.type !== null && body.type !== type)
    throw forbidden(
      writer.isAgent ? reminderMessages.agentsWritePersonal : reminderMessages.staffWriteNetwork,
    );
  return type;
}

/** `POST /reminders`: cross-row work (the list entries), so hand-written. */
function createReminder(db: Database): Handler<Principal> {
  return handWritten('writes the list entries and the network fan-out', async (context) => {
    const body = objectBody(context.body);
    const writer = await writerOf(db, principalOf(context));
    const type = typeOf(writer, body);
    const { changes, violations } = await parseReminder(db, body, true, writer);
    assertNoViolations(violations);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reminders)
        .values({
          title: changes.title!,
          date: changes.date!,
          content: changes.content ?? null,
          prospect: changes.prospect ?? null,
          customerId: changes.customerId ?? null,
          type,
          // Personal reminders are always shown to their agent; network ones start hidden.
          displayed: type === 'personal' ? true : (changes.displayed ?? false),
          authorId: writer.userId,
        })
        .returning({ id: reminders.id, displayed: reminders.displayed });
      if (type === 'personal')
        await tx.insert(reminderLists).values({ reminderId: row!.id, userId: writer.userId });
      else if (row!.displayed) await fanOutNetworkReminder(tx as unknown as Database, row!.id);
      return row!.id;
    });
    return { status: 201, body: await item(remindersResource, id, requestOf(db, context)) };
  });
}

/** `PATCH /reminders/{id}`: the writer's rules and the fan-out when displayed. */
function updateReminder(db: Database): Handler<Principal> {
  return handWritten("the writer's rules and the fan-out when displayed", async (context) => {
    const body = objectBody(context.body);
    const principal = principalOf(context);
    const writer = await writerOf(db, principal);
    const id = Number(context.params.id);
    const current = await writable(db, principal, writer, id);
    const violations: Violation[] = [];
    if (body.type !== undefined && body.type !== null && body.type !== current.type)
      violations.push({ propertyPath: 'type', message: reminderMessages.typeFixed });
    const parsed = await parseReminder(db, body, false, writer);
    assertNoViolations([...violations, ...parsed.violations]);
    const changes = { ...parsed.changes };
    if (current.type === 'personal') delete changes.displayed;
    if (Object.keys(changes).length > 0)
      await db.transaction(async (tx) => {
        await tx.update(reminders).set(changes).where(eq(reminders.id, id));
        if (current.type === 'hubnup' && changes.displayed === true)
          await fanOutNetworkReminder(tx as unknown as Database, id);
      });
    return { status: 200, body: await item(remindersResource, id, requestOf(db, context)) };
  });
}

/** `DELETE /reminders/{id}`: the entries go with it (cascade). */
function deleteReminder(db: Database): Handler<Principal> {
  return handWritten("the writer's rules before the entries go with it", async (context) => {
    const principal = principalOf(context);
    const writer = await writerOf(db, principal);
    const id = Number(context.params.id);
    await writable(db, principal, writer, id);
    await deleteRowById(db, reminders, id);
    return { status: 204 };
  });
}

/**
 * `DELETE /reminder_lists/{id}`: the caller's own entry. A network reminder's entry is kept as
 * removed (displaying it again must not bring it back); a personal one's deletes the reminder.
 */
function deleteReminderList(db: Database): Handler<Principal> {
  return handWritten(
    'a network entry is kept as removed, a personal one deletes its reminder',
    async (context) => {
      const { user } = principalOf(context);
      const id = Number(context.params.id);
      const [entry] = await db
        .select({ reminderId: reminders.id, type: reminders.type })
        .from(reminderLists)
        .innerJoin(reminders, eq(reminders.id, reminderLists.reminderId))
        .where(
          and(
            eq(reminderLists.id, id),
            eq(reminderLists.userId, user.id),
            isNull(reminderLists.removedAt),
            visibleToUser(user.id),
          ),
        );
      if (!entry) throw notFound();
      const done =
        entry.type === 'personal'
          ? await db
              .delete(reminders)
              .where(and(eq(reminders.id, entry.reminderId), eq(reminders.authorId, user.id)))
              .returning({ id: reminders.id })
          : await db
              .update(reminderLists)
              .set({ removedAt: new Date() })
              .where(and(eq(reminderLists.id, id), isNull(reminderLists.removedAt)))
              .returning({ id: reminderLists.id });
      if (done.length === 0) throw notFound();
      return { status: 204 };
    },
  );
}

/** `POST /reminders/{id}/duplicate`: a hidden copy of a network reminder at another date. */
function duplicateReminder(db: Database): Handler<Principal> {
  return handWritten('a hidden copy of a network reminder at another date', async (context) => {
    const body = objectBody(context.body);
    const id = Number(context.params.id);
    const [source] = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, id), eq(reminders.type, 'hubnup')));
    if (!source) throw notFound();
    const violations: Violation[] = [];
    const blankDate =
      body.date === undefined ||
      body.date === null ||
      (typeof body.date === 'string' && body.date.trim() === '');
    const date = typeof body.date === 'string' ? parseReminderDate(body.date) : null;
    if (blankDate) violations.push({ propertyPath: 'date', message: messages.required });
    else if (!date) violations.push({ propertyPath: 'date', message: INVALID_DATE });
    const title =
      typeof body.title === 'string' && body.title.trim() !== '' ? body.title.trim() : source.title;
    if (body.title !== undefined && body.title !== null && typeof body.title !== 'string')
      violations.push({ propertyPath: 'title', message: reminderMessages.notText });
    assertNoViolations(violations);
    const [copy] = await db
      .insert(reminders)
      .values({
        title,
        date: date!,
        content: source.content,
        type: 'hubnup',
        displayed: false,
        authorId: principalOf(context).user.id,
        customerId: source.customerId,
        prospect: source.prospect,
      })
      .returning({ id: reminders.id });
    return { status: 201, body: await item(remindersResource, copy!.id, requestOf(db, context)) };
  });
}

/** `GET /reminder_list/user/calendar`: the list's entries per Paris day of a month. */
function reminderCalendar(db: Database): Handler<Principal> {
  return handWritten('the entries grouped per Paris day of a month', async (context) => {
    const month = String(context.query.month);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const from = parisInstant(year, monthNumber, 1);
    const to =
      monthNumber === 12 ? parisInstant(year + 1, 1, 1) : parisInstant(year, monthNumber + 1, 1);
    // The list's scope and filters, the date range aside: the month is the range.
    const query = { ...context.query };
    delete query['date[after]'];
    delete query['date[before]'];
    const request = { ...requestOf(db, context), query };
    const where = await whereOf(reminderListsResource, request);
    const dayOf = sql<string>`to_char(${reminders.date} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
    const rows = (await withJoins(
      db
        .select({ date: dayOf, count: sql<number>`count(*)::int` })
        .from(reminderLists)
        .$dynamic() as unknown as PgSelect,
      reminderListsResource,
      new Set(['reminder', ...where.joins]),
    )
      .where(
        and(
          where.condition,
          sql`${reminders.date} >= ${from.toISOString()}::timestamptz`,
          sql`${reminders.date} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(dayOf)
      .orderBy(asc(dayOf))) as { date: string; count: number }[];
    return {
      status: 200,
      body: { month, days: rows.map((row) => ({ date: row.date, count: Number(row.count) })) },
    };
  });
}

const icsOf = (row: ReminderRow): IcsReminder => ({
  id: row.id,
  title: row.title,
  content: row.content,
  date: row.date,
  type: row.type,
  clientName: reminderClientName(row),
});

function icsAnswer(
  deps: Deps,
  context: HandlerContext<Principal>,
  rows: ReminderRow[],
  fileName: string,
  name: string,
) {
  const host = new URL(deps.config.publicUrl).hostname;
  const body = remindersCalendar(rows.map(icsOf), { host, name });
  context.reply.header('Content-Type', 'text/calendar; charset=utf-8');
  context.reply.header('Content-Disposition', icsDisposition(fileName));
  return { status: 200, body };
}

/** `GET /reminders/{id}/ics`: one reminder the caller may read. */
function reminderIcs(deps: Deps): Handler<Principal> {
  return handWritten('an iCalendar file of one reminder', async (context) => {
    const id = Number(context.params.id);
    const request = requestOf(deps.db, context);
    // Same scope as GET /reminders/{id}: another's reminder is missing (404).
    const scope = await remindersResource.scope(request);
    const rows = (await withJoins(
      selectFrom(deps.db, remindersResource.fields, reminders),
      remindersResource,
      Object.keys(remindersResource.joins),
    ).where(and(eq(reminders.id, id), scope))) as ReminderRow[];
    if (rows.length === 0) throw notFound();
    return icsAnswer(deps, context, rows, `rappel-${id}.ics`, 'Rappel');
  });
}

/** `GET /reminder_list/user/ics`: the filtered list, the latest ICS_MAX_EVENTS. */
function myRemindersIcs(deps: Deps): Handler<Principal> {
  return handWritten('an iCalendar file, not a spreadsheet', async (context) => {
    const rows: ReminderRow[] = [];
    const entries = await exportRows(reminderListsResource, requestOf(deps.db, context));
    for await (const entry of entries) {
      rows.push(entry.reminder);
      if (rows.length >= ICS_MAX_EVENTS) break;
    }
    return icsAnswer(deps, context, rows, 'rappels.ics', 'Mes rappels');
  });
}

/** `POST /reminder_digests`: one digest now, as the schedule runs it (support and tests). */
function runDigest(deps: Deps): Handler<Principal> {
  return handWritten('a job enqueue: one digest now, as the schedule runs it', async (context) => {
    const body = objectBody(context.body);
    const frequency = body.frequency as DigestFrequency;
    const date = String(body.date);
    if (!day.isValid(date)) assertNoViolations([{ propertyPath: 'date', message: INVALID_DATE }]);
    const result = await runReminderDigest(deps, { frequency, date }, `request:${randomUUID()}`);
    // The mails that failed go to the queue, which retries them (the key: one job per digest).
    if (result.failed > 0)
      await deps.jobs.send(DIGEST_JOB, { frequency, date }, { key: `${frequency}:${date}` });
    return { status: 200, body: result };
  });
}

/**
 * Reminders: the lists on the resource layer (`resources/reminders.ts`); the writes are
 * hand-written because they span rows (the list entries and the fan-out) and check the writer.
 */
export function remindersHandlers(deps: Deps): HandlerMap {
  const { db } = deps;
  return {
    listMyReminderLists: listHandler(db, reminderListsResource),
    getReminderList: itemHandler(db, reminderListsResource),
    getMyReminderCalendar: reminderCalendar(db),
    exportMyRemindersIcs: myRemindersIcs(deps),
    listReminders: listHandler(db, remindersResource),
    getReminder: itemHandler(db, remindersResource),
    createReminder: createReminder(db),
    updateReminder: updateReminder(db),
    deleteReminder: deleteReminder(db),
    deleteReminderList: deleteReminderList(db),
    duplicateReminder: duplicateReminder(db),
    exportReminderIcs: reminderIcs(deps),
    runReminderDigest: runDigest(deps),
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { customers, profiles, reminderLists, reminders, users } from '../db/schema.js';
import type { Violation } from '../http/errors.js';
import { INVALID_DATE } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { idOfReference } from '../resources/iris.js';
import { parisInstant } from './paris-time.js';

export const reminderMessages = {
  agentsWritePersonal: 'Seul le siège peut créer un rappel réseau.',
  staffWriteNetwork: 'Un rappel personnel appartient à un mandataire.',
  networkReadOnly: 'Un rappel réseau ne peut pas être modifié par un mandataire.',
  personalOwnerOnly: 'Un rappel personnel ne peut être modifié que par son mandataire.',
  unknownClient: "Ce client n'existe pas.",
  typeFixed: 'Le type d’un rappel ne peut pas changer.',
  notBoolean: 'Cette valeur doit être un booléen.',
  notText: 'Cette valeur doit être du texte.',
  clientRequired: 'Choisissez un client.',
} as const;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A reminder's date from a body: a day alone is midnight in Paris, a date-time without an offset
 * Paris wall time, one with an offset that instant. Null when it is not a real date.
 */
export function parseReminderDate(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm, ss, offset] = match;
  const [year, month, date] = [Number(y), Number(m), Number(d)];
  const calendar = new Date(Date.UTC(year, month - 1, date));
  if (
    year < 1000 ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== date
  )
    return null;
  if (hh === undefined) return parisInstant(year, month, date);
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null;
  if (offset) {
    const instant = new Date(value.trim().replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return parisInstant(year, month, date, Number(hh), Number(mm), Number(ss ?? 0));
}

export type ReminderChanges = Partial<typeof reminders.$inferInsert>;

export interface ReminderWriter {
  userId: number;
  isAgent: boolean;
  /** The agent record of an agent user (his customers); null for staff. */
  agentId: number | null;
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Reads a reminder body: every key on creation (absent = empty), only the keys present on a
 * merge-patch. Every violation at once.
 */
export async function parseReminder(
  db: Database,
  body: Record<string, unknown>,
  creating: boolean,
  writer: ReminderWriter,
): Promise<{ changes: ReminderChanges; violations: Violation[] }> {
  const has = (key: string) => creating || Object.hasOwn(body, key);
  const violations: Violation[] = [];
  const changes: ReminderChanges = {};
  const text = (key: 'content' | 'prospect') => {
    if (!has(key)) return;
    const value = body[key];
    if (blank(value)) changes[key] = null;
    else if (typeof value !== 'string')
      violations.push({ propertyPath: key, message: reminderMessages.notText });
    else changes[key] = value.trim();
  };

  if (has('title')) {
    if (blank(body.title)) violations.push({ propertyPath: 'title', message: messages.required });
    else if (typeof body.title !== 'string')
      violations.push({ propertyPath: 'title', message: reminderMessages.notText });
    else changes.title = body.title.trim();
  }
  if (has('date')) {
    const date = typeof body.date === 'string' ? parseReminderDate(body.date) : null;
    if (blank(body.date)) violations.push({ propertyPath: 'date', message: messages.required });
    else if (!date) violations.push({ propertyPath: 'date', message: INVALID_DATE });
    else changes.date = date;
  }
  text('content');
  text('prospect');
  if (Object.hasOwn(body, 'displayed') && body.displayed !== null) {
    if (typeof body.displayed === 'boolean') changes.displayed = body.displayed;
    else violations.push({ propertyPath: 'displayed', message: reminderMessages.notBoolean });
  }
  if (has('client')) {
    const reference = body.client;
    if (blank(reference)) changes.customerId = null;
    else {
      const id = idOfReference(reference, '/clients');
      const [client] =
        id === null
          ? []
          : await db
              .select({ id: customers.id })
              .from(customers)
              .where(
                and(
                  eq(customers.id, id),
                  // An agent names only his own customers (staff any).
                  writer.isAgent ? eq(customers.agentId, writer.agentId ?? -1) : undefined,
                ),
              );
      if (!client)
        violations.push({ propertyPath: 'client', message: reminderMessages.unknownClient });
      else changes.customerId = client.id;
    }
  }
  // The form's choice of what it is about: 'Client' ticked with none chosen would save a
  // reminder about no one (issue 41).
  if (body.concerns === 'client' && blank(body.client))
    violations.push({ propertyPath: 'client', message: reminderMessages.clientRequired });
  if (body.concerns === 'prospect' && blank(body.prospect))
    violations.push({ propertyPath: 'prospect', message: messages.required });
  return { changes, violations };
}

/**
 * Puts a network reminder in every agent's list (the fan-out), once: an entry the agent removed
 * stays removed.
 */
export async function fanOutNetworkReminder(db: Database, reminderId: number): Promise<void> {
  await db.execute(sql`
    insert into ${reminderLists} (reminder_id, user_id)
    select ${reminderId}, ${users.id} from ${users}
    join ${profiles} on ${profiles.id} = ${users.profileId}
    where ${profiles.type} = 'Mandataire'
    on conflict (user_id, reminder_id) do nothing`);
}

/** A new agent user gets every displayed network reminder in his list (the fan-out, for one). */
export async function fanOutNetworkRemindersToUser(
  db: Pick<Database, 'execute'>,
  userId: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${reminderLists} (reminder_id, user_id)
    select ${reminders.id}, ${userId} from ${reminders}
    where ${reminders.type} = 'hubnup' and ${reminders.displayed}
    on conflict (user_id, reminder_id) do nothing`);
}

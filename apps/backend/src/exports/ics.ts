import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { PARIS, parisParts } from '../domain/paris-time.js';

/** What an event of a reminder needs. */
export interface IcsReminder {
  id: number;
  title: string;
  content: string | null;
  date: Date;
  type: 'hubnup' | 'personal';
  clientName: string | null;
}

/** How long a reminder's event lasts in a calendar (a reminder has a moment, not a length). */
export const EVENT_MINUTES = 30;

/**
 * A Date that reads its calendar fields in Europe/Paris, whatever the process's time zone: the
 * date type ical-generator formats as local time under a TZID (what `@date-fns/tz`'s TZDate
 * is), so the events say `DTSTART;TZID=Europe/Paris:20261025T093000`.
 */
class ParisDate extends Date {
  readonly internal: Date;
  constructor(instant: Date) {
    super(instant.getTime());
    this.internal = new Date(instant.getTime());
  }
  withTimeZone(): ParisDate {
    return this;
  }
  tzComponents() {
    return parisParts(this);
  }
  override getFullYear() {
    return parisParts(this).year;
  }
  override getMonth() {
    return parisParts(this).month - 1;
  }
  override getDate() {
    return parisParts(this).day;
  }
  override getHours() {
    return parisParts(this).hour;
  }
  override getMinutes() {
    return parisParts(this).minute;
  }
  override getSeconds() {
    return parisParts(this).second;
  }
}

const typeLabel = { hubnup: 'Rappel réseau', personal: 'Rappel personnel' } as const;

/**
 * An iCalendar file (RFC 5545) of reminders: one VEVENT each, `UID:reminder-<id>@<host>` (the
 * same reminder exported twice updates the event instead of doubling it), times in Europe/Paris
 * with its VTIMEZONE block.
 */
export function remindersCalendar(
  items: IcsReminder[],
  { host, name }: { host: string; name: string },
): string {
  const calendar = ical({
    name,
    prodId: { company: 'Portail réseau', product: 'Rappels', language: 'FR' },
    // The VTIMEZONE block of the events' zone; no calendar-wide zone, so DTSTAMP stays UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const reminder of items) {
    const start = new ParisDate(reminder.date);
    const end = new ParisDate(new Date(reminder.date.getTime() + EVENT_MINUTES * 60_000));
    const description = [
      typeLabel[reminder.type],
      reminder.clientName ? `Client : ${reminder.clientName}` : null,
      reminder.content,
    ]
      .filter(Boolean)
      .join('\n');
    calendar.createEvent({
      id: `reminder-${reminder.id}@${host}`,
      start,
      end,
      timezone: PARIS,
      stamp: new Date(),
      summary: reminder.title,
      description,
    });
  }
  return calendar.toString();
}

/** `Content-Disposition` of a calendar file (ASCII names only). */
export const icsDisposition = (fileName: string) => `attachment; filename="${fileName}"`;

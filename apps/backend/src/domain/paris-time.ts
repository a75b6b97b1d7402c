/**
 * Europe/Paris wall time and days: reminders are written, counted per day, mailed and put in
 * calendars in the network's time zone, whatever the server's.
 */
export const PARIS = 'Europe/Paris';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall clock of an instant. */
export function parisParts(instant: Date) {
  const all = parts.formatToParts(instant);
  const get = (type: string) => Number(all.find((part) => part.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** `YYYY-MM-DD` of an instant in Paris. */
export function parisDay(instant: Date): string {
  const { year, month, day } = parisParts(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instant a Paris wall time names. In the autumn's repeated hour the first (summer) one,
 * in the spring's missing hour the instant one hour later on the clock.
 */
export function parisInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Paris is UTC+1 or UTC+2: try the summer offset first, then the winter one.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const p = parisParts(candidate);
    if (p.hour === hour && p.day === day && p.minute === minute) return candidate;
  }
  return new Date(asUtc - 3_600_000);
}

/** Days as `YYYY-MM-DD`, computed on the calendar (no time zone involved). */
export const day = {
  parse(text: string): { year: number; month: number; day: number } {
    const [year, month, date] = text.split('-').map(Number);
    return { year: year!, month: month!, day: date! };
  },
  format(date: Date): string {
    return date.toISOString().slice(0, 10);
  },
  add(text: string, days: number): string {
    const { year, month, day: date } = day.parse(text);
    return day.format(new Date(Date.UTC(year, month - 1, date + days)));
  },
  /** 0 Sunday … 6 Saturday. */
  weekday(text: string): number {
    const { year, month, day: date } = day.parse(text);
    return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  },
  isLastOfMonth(text: string): boolean {
    return day.add(text, 1).endsWith('-01');
  },
  /** The last day of the month after the one `text` is in. */
  endOfNextMonth(text: string): string {
    const { year, month } = day.parse(text);
    return day.format(new Date(Date.UTC(year, month + 1, 0)));
  },
  isValid(text: string): boolean {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
    return day.add(text, 0) === text;
  },
};

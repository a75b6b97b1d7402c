import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * Calendar days as ISO strings (`YYYY-MM-DD`): no time and no time zone, so a day never
 * drifts to the day before (as `toISOString()` of a local midnight does east of Greenwich).
 */
export type CalendarDay = string;

const ISO = 'YYYY-MM-DD';
/** What a French user types: 05/03/2025, 5/3/2025, 05032025, 05-03-2025, 05.03.2025. */
const TYPED = [
  'DD/MM/YYYY',
  'D/M/YYYY',
  'DD/M/YYYY',
  'D/MM/YYYY',
  'DDMMYYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
];

/** '05/03/2025' → '2025-03-05'; null when the text is not a real day (31/02/2025…). */
export function parseFrenchDay(text: string): CalendarDay | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const day = dayjs(trimmed, TYPED, true);
  return day.isValid() ? day.format(ISO) : null;
}

/** True for a real day written `YYYY-MM-DD`. */
export function isCalendarDay(value: string | null | undefined): value is CalendarDay {
  return Boolean(value) && dayjs(value, ISO, true).isValid();
}

/** '2025-03-05' → '05/03/2025'; '' when missing or invalid. */
export function formatFrenchDay(value: CalendarDay | null | undefined): string {
  return isCalendarDay(value) ? dayjs(value, ISO, true).format('DD/MM/YYYY') : '';
}

/** The local-midnight Date of a day, for calendar widgets; undefined when invalid. */
export function dayToDate(value: CalendarDay | null | undefined): Date | undefined {
  if (!isCalendarDay(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The calendar day of a Date in local time (never through `toISOString()`). */
export function dateToDay(date: Date): CalendarDay {
  return dayjs(date).format(ISO);
}

/** Whether `value` is within the optional inclusive bounds (ISO strings compare as days). */
export function isDayInRange(value: CalendarDay, min?: CalendarDay, max?: CalendarDay): boolean {
  return (!min || value >= min) && (!max || value <= max);
}

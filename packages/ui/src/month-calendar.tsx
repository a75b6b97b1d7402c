import { type DayProps, DayPicker } from 'react-day-picker';
import { fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { type CSSProperties, createContext, useContext } from 'react';
import { type CalendarDay, dateToDay, dayToDate } from './calendar-day';

/** A badge shows at most this count, then '9+' (spec: calendar badge maximum 9). */
export const BADGE_MAX = 9;
export const badgeText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

export type MonthCalendarProps = {
  /** The month shown, `YYYY-MM`. */
  month: string;
  onMonthChange: (month: string) => void;
  /** How many items fall on each day (`YYYY-MM-DD`); days without any are left out. */
  counts: Readonly<Record<CalendarDay, number>>;
  /** The chosen day ('' for none); choosing it again clears it. */
  selected: CalendarDay;
  onSelect: (day: CalendarDay) => void;
  /** What a day's count says to a screen reader, e.g. `3 rappels`. */
  countLabel: (count: number) => string;
  className?: string;
};

const monthOf = (date: Date) => dateToDay(date).slice(0, 7);

/** The counts reach the day buttons through context: a component made per render would remount. */
const CountOf = createContext<(date: Date) => number>(() => 0);

/**
 * Each day's cell is taller than its button, which sits at the top: the badge has the room below
 * it and never covers the day's number (issue 41), at any width.
 */
const CELL_SIZES = { '--rdp-day-height': '3.75rem' } as CSSProperties;

/**
 * The day's cell with its badge beside the button, not in it: the button's name (the day, then
 * the count) then holds all of its visible text. The badge sits under the button.
 */
function DayWithBadge({ day, modifiers, children, className, ...props }: DayProps) {
  const count = useContext(CountOf)(day.date);
  return (
    <td {...props} className={`${className ?? ''} relative align-top`}>
      {children}
      {count > 0 && !modifiers.outside ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-0 left-1/2 min-w-5 -translate-x-1/2 rounded-full bg-brand-600 px-1 text-center text-[0.65rem] leading-4 font-semibold text-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </td>
  );
}

/**
 * A month of days, each with a badge counting its items (9 at most, '9+' beyond), French,
 * week from Monday, arrow keys between days (react-day-picker). Choosing a day filters a list.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  counts,
  selected,
  onSelect,
  countLabel,
  className,
}: MonthCalendarProps) {
  const shown = dayToDate(`${month}-01`) ?? new Date();
  const countOf = (date: Date) => counts[dateToDay(date)] ?? 0;

  return (
    <CountOf.Provider value={countOf}>
      <DayPicker
        mode="single"
        locale={fr}
        month={shown}
        onMonthChange={(date) => onMonthChange(monthOf(date))}
        selected={dayToDate(selected)}
        onSelect={(date) => onSelect(date ? dateToDay(date) : '')}
        showOutsideDays
        style={CELL_SIZES}
        components={{ Day: DayWithBadge }}
        labels={{
          labelDayButton: (date, modifiers) => {
            const count = modifiers.outside ? 0 : countOf(date);
            const day = date.toLocaleDateString('fr-FR', {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            });
            return count > 0 ? `${day}, ${countLabel(count)}` : day;
          },
        }}
        className={`[--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-600)] [--rdp-today-color:var(--color-brand-700)] ${className ?? ''}`}
      />
    </CountOf.Provider>
  );
}

import { DayPicker } from 'react-day-picker';
import { fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { dateToDay, dayToDate, type CalendarDay } from './calendar-day';

export type DateCalendarProps = {
  value: CalendarDay;
  min?: CalendarDay;
  max?: CalendarDay;
  onSelect: (value: CalendarDay) => void;
};

/**
 * The month grid of `DateField` (react-day-picker, French locale, week from Monday). Loaded
 * lazily when the calendar first opens, so a page with date fields does not pay for it.
 */
export default function DateCalendar({ value, min, max, onSelect }: DateCalendarProps) {
  const selected = dayToDate(value);
  const minDate = dayToDate(min);
  const maxDate = dayToDate(max);
  const today = new Date();
  const defaultMonth =
    selected ??
    (maxDate && today > maxDate ? maxDate : minDate && today < minDate ? minDate : today);
  return (
    <DayPicker
      mode="single"
      locale={fr}
      autoFocus
      captionLayout="dropdown"
      selected={selected}
      defaultMonth={defaultMonth}
      startMonth={minDate}
      endMonth={maxDate}
      disabled={[
        ...(minDate ? [{ before: minDate }] : []),
        ...(maxDate ? [{ after: maxDate }] : []),
      ]}
      onSelect={(date) => onSelect(date ? dateToDay(date) : '')}
      className="[--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-600)] [--rdp-today-color:var(--color-brand-700)]"
    />
  );
}

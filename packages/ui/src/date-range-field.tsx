import { useId } from 'react';
import type { CalendarDay } from './calendar-day';
import { DateField, type DateFieldLabels } from './date-field';

export type DateRange = { from: CalendarDay; to: CalendarDay };

export type DateRangeFieldProps = {
  /** Legend of the group, e.g. 'Date de publication'. */
  label: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** Labels of the two fields, e.g. 'du' and 'au'. */
  fromLabel: string;
  toLabel: string;
  /** The date field's labels, and what the 'au' field says when it precedes the start. */
  labels: DateFieldLabels & { endBeforeStart: string };
  /** Inclusive bounds of both days. */
  min?: CalendarDay;
  max?: CalendarDay;
  hint?: string;
  /** Message about the range as a whole, tied to both fields. */
  error?: string;
  fromError?: string;
  toError?: string;
  disabled?: boolean;
  /** Field names, e.g. the API's `publishedAt[after]` and `publishedAt[before]`. */
  fromName?: string;
  toName?: string;
  className?: string;
};

/**
 * Two French date fields in a fieldset ('du' … 'au'); each calendar stops at the other day.
 * A typed end before the start is kept and the 'au' field says so (`labels.endBeforeStart`),
 * whichever day was typed last: 'not a date' would be wrong, both are days.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  fromLabel,
  toLabel,
  labels,
  min,
  max,
  hint,
  error,
  fromError,
  toError,
  disabled,
  fromName,
  toName,
  className = '',
}: DateRangeFieldProps) {
  const baseId = useId();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const inverted = Boolean(value.from && value.to && value.from > value.to);

  return (
    <fieldset className={`flex flex-col gap-1 ${className}`} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <DateField
          label={fromLabel}
          value={value.from}
          onChange={(from) => onChange({ ...value, from })}
          labels={labels}
          min={min}
          max={max}
          calendarMax={value.to || max}
          error={fromError}
          disabled={disabled}
          name={fromName}
          aria-describedby={errorId}
          className="min-w-44 flex-1"
        />
        <DateField
          label={toLabel}
          value={value.to}
          onChange={(to) => onChange({ ...value, to })}
          labels={labels}
          min={min}
          max={max}
          calendarMin={value.from || min}
          error={toError ?? (inverted ? labels.endBeforeStart : undefined)}
          disabled={disabled}
          name={toName}
          aria-describedby={errorId}
          className="min-w-44 flex-1"
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

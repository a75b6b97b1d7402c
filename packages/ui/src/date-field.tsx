import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { lazy, Suspense, useRef, useState, type Ref } from 'react';
import { formatFrenchDay, isDayInRange, parseFrenchDay, type CalendarDay } from './calendar-day';
import { FieldFrame, useFieldIds } from './field';
import { CalendarIcon, CloseIcon } from './glyphs';
import { Spinner } from './spinner';

// react-day-picker and date-fns (~30 kB gzip) load when a calendar first opens.
const DateCalendar = lazy(() => import('./date-calendar'));

export type DateFieldLabels = {
  /** Accessible name of the calendar button, e.g. 'Choisir une date'. */
  openCalendar: string;
  /** Accessible name of the clear button, e.g. 'Effacer la date'. */
  clear: string;
  /** Shown when the typed text is not a day within min/max (unless `error` is set). */
  invalid: string;
  /** Placeholder showing the format, e.g. 'JJ/MM/AAAA'. */
  placeholder?: string;
};

export type DateFieldProps = {
  label: string;
  /** The day as `YYYY-MM-DD`, or '' when empty. */
  value: CalendarDay;
  /** Called with `YYYY-MM-DD`, or '' when cleared or left invalid. */
  onChange: (value: CalendarDay) => void;
  onBlur?: () => void;
  labels: DateFieldLabels;
  /** Inclusive bounds as `YYYY-MM-DD`. */
  min?: CalendarDay;
  max?: CalendarDay;
  /**
   * Narrower bounds of the calendar alone (a range's other day): a typed day outside them is
   * still taken, so that the range can say what is wrong instead of 'not a date'.
   */
  calendarMin?: CalendarDay;
  calendarMax?: CalendarDay;
  hint?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
  hideLabel?: boolean;
  className?: string;
  'aria-describedby'?: string;
  /** The text input, e.g. react-hook-form's `field.ref` to focus it on error. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A French date field: always typed and shown as DD/MM/YYYY whatever the browser's
 * language, with a calendar popover (react-day-picker, French locale, keyboard: arrows,
 * Page Up/Down, Home/End, Escape) and a clear button. Values are calendar days.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  labels,
  min,
  max,
  calendarMin = min,
  calendarMax = max,
  hint,
  error,
  required,
  disabled,
  name,
  id,
  hideLabel,
  className = '',
  'aria-describedby': describedBy,
  ref,
}: DateFieldProps) {
  const [text, setText] = useState(() => formatFrenchDay(value));
  const [shown, setShown] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

  // A new value from outside (reset, calendar, other field) replaces the text, unless the
  // text already says that day.
  if (value !== shown) {
    setShown(value);
    if (parseFrenchDay(text) !== value) setText(formatFrenchDay(value));
    setInvalid(false);
  }

  const message = error ?? (invalid ? labels.invalid : undefined);
  const ids = useFieldIds({ id, hint, error: message, describedBy });
  const accept = (day: CalendarDay | null) => (day && isDayInRange(day, min, max) ? day : null);

  const emit = (next: CalendarDay) => {
    setShown(next);
    if (next !== value) onChange(next);
  };

  return (
    <FieldFrame
      label={label}
      htmlFor={ids.fieldId}
      required={required}
      hint={hint}
      hintId={ids.hintId}
      error={message}
      errorId={ids.errorId}
      hideLabel={hideLabel}
      className={className}
    >
      <Popover className="relative">
        <input
          ref={(element) => {
            inputRef.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          id={ids.fieldId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={labels.placeholder}
          value={text}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            setInvalid(false);
            if (!next.trim()) emit('');
            else {
              const day = accept(parseFrenchDay(next));
              if (day) {
                setText(formatFrenchDay(day));
                emit(day);
              }
            }
          }}
          onBlur={() => {
            if (text.trim()) {
              const day = accept(parseFrenchDay(text));
              if (day) setText(formatFrenchDay(day));
              else {
                setInvalid(true);
                emit('');
              }
            }
            onBlur?.();
          }}
          className={`h-10 w-full rounded-lg border bg-surface pr-20 pl-3 text-ink placeholder:text-muted disabled:bg-canvas ${
            message ? 'border-danger' : 'border-muted'
          }`}
        />
        <div className="absolute inset-y-0 right-0 flex items-center gap-0.5 pr-1">
          {value && !disabled && (
            <button
              type="button"
              aria-label={labels.clear}
              title={labels.clear}
              onClick={() => {
                setText('');
                setInvalid(false);
                emit('');
                inputRef.current?.focus();
              }}
              className="flex size-8 items-center justify-center rounded-md text-muted hover:bg-canvas hover:text-ink"
            >
              <CloseIcon className="size-4" />
            </button>
          )}
          <PopoverButton
            disabled={disabled}
            aria-label={labels.openCalendar}
            title={labels.openCalendar}
            className="flex size-8 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50 disabled:text-muted"
          >
            <CalendarIcon className="size-5" />
          </PopoverButton>
        </div>
        {/* Not portalled, and mounted only once the calendar is loaded (Suspense around the
            panel, not inside it): Headless UI decides whether to add aria-hidden focus
            sentinels when the panel mounts, from whether the next focusable element after the
            button is in the panel. An empty panel (a spinner while the chunk loads) made it
            add three, which axe reports as `aria-hidden-focus`. */}
        <Suspense
          fallback={
            <div className="absolute top-full right-0 z-40 mt-1 rounded-card bg-surface p-3 shadow-xl ring-1 ring-brand-100">
              <Spinner />
            </div>
          }
        >
          <PopoverPanel className="absolute top-full right-0 z-40 mt-1 rounded-card bg-surface p-3 text-ink shadow-xl ring-1 ring-brand-100">
            {({ close }) => (
              <DateCalendar
                value={value}
                min={calendarMin}
                max={calendarMax}
                onSelect={(day) => {
                  setText(formatFrenchDay(day));
                  setInvalid(false);
                  emit(day);
                  close();
                }}
              />
            )}
          </PopoverPanel>
        </Suspense>
      </Popover>
    </FieldFrame>
  );
}

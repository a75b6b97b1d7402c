import { useId, type ComponentProps, type ReactNode } from 'react';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  label: string;
  hint?: string;
  /** Validation message; marks the field invalid when set. */
  error?: string;
  /** Content placed inside the field on the right (unit, toggle button…). */
  trailing?: ReactNode;
};

/**
 * Labelled input that accepts everything an <input> does, so
 * `{...register('email')}` from react-hook-form (name, onChange, onBlur, ref) just works.
 */
export function TextField({
  label,
  hint,
  error,
  trailing,
  required,
  id,
  className = '',
  'aria-describedby': describedBy,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {/* The marker sits outside <label> so the field's name stays exactly `label`. */}
      <div className="flex gap-0.5 text-sm font-medium">
        <label htmlFor={inputId} className="text-ink">
          {label}
        </label>
        {required && (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          type="text"
          {...props}
          id={inputId}
          // Forms validate in JS with French messages, so no native `required` bubble.
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className={`h-10 w-full rounded-lg border bg-surface px-3 text-ink placeholder:text-muted disabled:bg-canvas ${
            error ? 'border-danger' : 'border-muted'
          } ${trailing ? 'pr-12' : ''}`}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

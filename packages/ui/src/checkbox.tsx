import type { ComponentProps, ReactNode } from 'react';
import { useFieldIds } from './field';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  /** Help text under the label (`hint` is the older name, kept for drop-in use). */
  description?: ReactNode;
  hint?: ReactNode;
  /** Validation message; marks the box invalid when set. */
  error?: string;
};

/**
 * A labelled native checkbox. It accepts everything an <input> does, `ref` included, so
 * `{...register('name')}` from react-hook-form works as with `TextField`.
 */
export function Checkbox({
  label,
  description,
  hint,
  error,
  id,
  className = '',
  disabled,
  'aria-describedby': describedBy,
  ...props
}: CheckboxProps) {
  const help = description ?? hint;
  const ids = useFieldIds({ id, hint: help, error, describedBy });
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        {...props}
        id={ids.fieldId}
        type="checkbox"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className="mt-0.5 size-5 shrink-0 accent-brand-600 disabled:cursor-not-allowed"
      />
      <div className="flex flex-col">
        <label
          htmlFor={ids.fieldId}
          className={`text-sm font-medium ${disabled ? 'text-muted' : 'text-ink'}`}
        >
          {label}
        </label>
        {help && (
          <p id={ids.hintId} className="text-sm text-muted">
            {help}
          </p>
        )}
        {error && (
          <p id={ids.errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

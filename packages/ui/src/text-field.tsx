import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './field';

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
  const ids = useFieldIds({ id, hint, error, describedBy });

  return (
    <FieldFrame
      label={label}
      htmlFor={ids.fieldId}
      required={required}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      className={className}
    >
      <div className="relative">
        <input
          type="text"
          {...props}
          id={ids.fieldId}
          // Forms validate in JS with French messages, so no native `required` bubble.
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`h-10 w-full rounded-lg border bg-surface px-3 text-ink placeholder:text-muted disabled:appearance-none disabled:border-transparent disabled:bg-canvas ${
            error ? 'border-danger' : 'border-muted'
          } ${trailing ? 'pr-12' : ''}`}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
    </FieldFrame>
  );
}

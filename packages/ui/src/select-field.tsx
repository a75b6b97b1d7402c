import type { ComponentProps } from 'react';
import { FieldFrame, useFieldIds } from './field';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: string;
  options: SelectOption[];
  /** First, empty choice (value ''), e.g. 'Choisir un profil'. */
  placeholder?: string;
  hint?: string;
  /** Validation message; marks the field invalid when set. */
  error?: string;
  /** Hides the label visually (it stays the field's accessible name), e.g. inside a table. */
  hideLabel?: boolean;
};

/** Labelled native <select>; like TextField, `{...register('type')}` just works. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  hideLabel = false,
  required,
  id,
  className = '',
  'aria-describedby': describedBy,
  ...props
}: SelectFieldProps) {
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
      hideLabel={hideLabel}
      className={className}
    >
      <select
        {...props}
        id={ids.fieldId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`h-10 w-full rounded-lg border bg-surface px-3 text-ink disabled:appearance-none disabled:border-transparent disabled:bg-canvas ${
          error ? 'border-danger' : 'border-muted'
        }`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

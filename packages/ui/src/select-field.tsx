import { useId, type ComponentProps } from 'react';

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
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className={`flex gap-0.5 text-sm font-medium ${hideLabel ? 'sr-only' : ''}`}>
        <label htmlFor={selectId} className="text-ink">
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
      <select
        {...props}
        id={selectId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        className={`h-10 w-full rounded-lg border bg-surface px-3 text-ink disabled:bg-canvas ${
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
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

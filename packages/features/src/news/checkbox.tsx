import { type ComponentProps, useId } from 'react';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  hint?: string;
};

/** A labelled native checkbox; `{...register('name')}` works as with TextField. */
export function Checkbox({ label, hint, id, className = '', disabled, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        {...props}
        id={inputId}
        type="checkbox"
        disabled={disabled}
        aria-describedby={hintId}
        className="mt-0.5 size-5 shrink-0 accent-brand-600 disabled:cursor-not-allowed"
      />
      <div className="flex flex-col">
        <label
          htmlFor={inputId}
          className={`text-sm font-medium ${disabled ? 'text-muted' : 'text-ink'}`}
        >
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

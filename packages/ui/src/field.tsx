import { useId, type ReactNode } from 'react';

/** Ids that tie a field to its hint and error message. */
export function useFieldIds({
  id,
  hint,
  error,
  describedBy,
}: {
  id?: string;
  hint?: ReactNode;
  error?: string;
  describedBy?: string;
}) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return {
    fieldId,
    labelId: `${fieldId}-label`,
    hintId,
    errorId,
    describedBy: [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

type FieldFrameProps = {
  label: string;
  /** The control's id for a <label>; without it the label is a plain element named by labelId. */
  htmlFor?: string;
  labelId?: string;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
  /** Hides the label visually (it stays the field's accessible name), e.g. inside a table. */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
};

/** Label, required marker, hint and error message around a form control. */
export function FieldFrame({
  label,
  htmlFor,
  labelId,
  required,
  hint,
  hintId,
  error,
  errorId,
  hideLabel = false,
  className = '',
  children,
}: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {/* The marker sits outside <label> so the field's name stays exactly `label`. */}
      <div className={`flex gap-0.5 text-sm font-medium ${hideLabel ? 'sr-only' : ''}`}>
        {htmlFor ? (
          <label htmlFor={htmlFor} id={labelId} className="text-ink">
            {label}
          </label>
        ) : (
          <span id={labelId} className="text-ink">
            {label}
          </span>
        )}
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
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

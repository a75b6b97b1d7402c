import { FieldFrame, useFieldIds } from './field';
import { formatFileSize } from './format';
import { CloseIcon, UploadIcon } from './glyphs';

export type FileFieldProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The input's `accept`; the server still reads the type from the content. */
  accept?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  chooseLabel?: string;
  removeLabel?: string;
  className?: string;
};

/**
 * One optional file of any kind: the native input stays focusable (visually hidden behind its
 * 'Choisir un fichier' label), the chosen file shows its name and size with a remove button.
 */
export function FileField({
  label,
  value,
  onChange,
  accept,
  hint,
  error,
  disabled,
  chooseLabel = 'Choisir un fichier',
  removeLabel = 'Retirer le fichier',
  className = '',
}: FileFieldProps) {
  const ids = useFieldIds({ hint, error });
  return (
    <FieldFrame
      label={label}
      labelId={ids.labelId}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      className={className}
    >
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={ids.fieldId}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={ids.labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChange(file);
            // Choosing the same file again after removing it must fire change again.
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={ids.fieldId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-surface px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-brand-50"
        >
          <UploadIcon className="size-4" />
          {chooseLabel}
        </label>
        {value && (
          <span className="inline-flex min-w-0 items-center gap-2 text-sm text-ink">
            <span className="truncate">{value.name}</span>
            <span className="text-muted">({formatFileSize(value.size)})</span>
            <button
              type="button"
              onClick={() => onChange(null)}
              disabled={disabled}
              aria-label={`${removeLabel} ${value.name}`}
              className="inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink"
            >
              <CloseIcon className="size-4" />
            </button>
          </span>
        )}
      </div>
    </FieldFrame>
  );
}

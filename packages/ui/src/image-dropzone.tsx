import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { formatFileSize } from './format';
import { UploadIcon } from './glyphs';

export const DEFAULT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export type FileProblem = 'too-large' | 'type';

/**
 * Whether a file matches an `accept` list ('image/*', 'image/png', '.jpg'…), as browsers
 * read it. The server checks the content again: a renamed file passes here, not there.
 */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The first problem with a chosen file, or null when it may be sent. */
export function validateFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  { accept = DEFAULT_IMAGE_ACCEPT, maxSize }: { accept?: string; maxSize?: number } = {},
): FileProblem | null {
  if (!matchesAccept(file, accept)) return 'type';
  if (maxSize !== undefined && file.size > maxSize) return 'too-large';
  return null;
}

export type ImageDropzoneLabels = {
  choose: string;
  drop: string;
  remove: string;
  tooLarge: string;
  type: string;
  /** Hint under the zone, e.g. 'PNG, JPEG, GIF ou WebP, 5 Mo maximum'. */
  hint?: string;
};

const LABELS: ImageDropzoneLabels = {
  choose: 'Choisir une image',
  drop: 'ou glissez-déposez un fichier ici',
  remove: 'Retirer l’image',
  tooLarge: 'Le fichier est trop volumineux.',
  type: 'Ce type de fichier n’est pas accepté.',
};

export type ImageDropzoneProps = {
  /** Field label, e.g. 'Image'. */
  label: string;
  /** Called with a valid file, or null when the user removes it. */
  onChange: (file: File | null) => void;
  /** The chosen file, when the parent keeps it (controlled); otherwise kept inside. */
  value?: File | null;
  /** Image already saved (edit forms), shown until another file is chosen. */
  previewUrl?: string | null;
  accept?: string;
  /** Largest accepted size in bytes. */
  maxSize?: number;
  required?: boolean;
  /** Error from the form (e.g. 'Une image est requise.'), shown when no local error. */
  error?: string;
  disabled?: boolean;
  name?: string;
  labels?: Partial<ImageDropzoneLabels>;
  className?: string;
};

/**
 * Choose or drop one image, with a preview. The native file input stays focusable (it is
 * visually hidden behind the 'Choisir une image' label), so the keyboard path is the
 * browser's own; dropping is a shortcut for pointer users.
 */
export function ImageDropzone({
  label,
  onChange,
  value,
  previewUrl,
  accept = DEFAULT_IMAGE_ACCEPT,
  maxSize,
  required,
  error,
  disabled,
  name,
  labels,
  className = '',
}: ImageDropzoneProps) {
  const text = { ...LABELS, ...labels };
  const id = useId();
  const [ownFile, setOwnFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const file = value === undefined ? ownFile : value;

  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const preview = objectUrl ?? previewUrl ?? null;

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    const found = validateFile(candidate, { accept, maxSize });
    setProblem(found);
    if (found) return;
    setOwnFile(candidate);
    onChange(candidate);
  };

  const message = problem ? (problem === 'type' ? text.type : text.tooLarge) : error;
  const hint =
    text.hint ?? (maxSize !== undefined ? `${formatFileSize(maxSize)} maximum` : undefined);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer?.files?.[0]);
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      className={`flex flex-col gap-1 ${className}`}
    >
      <div className="flex gap-0.5 text-sm font-medium">
        <span id={`${id}-label`} className="text-ink">
          {label}
        </span>
        {required && (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-dropzone"
        className={`flex flex-col items-center gap-3 rounded-card border-2 border-dashed p-4 text-center ${
          dragging
            ? 'border-brand-600 bg-brand-50'
            : message
              ? 'border-danger bg-surface'
              : 'border-muted bg-surface'
        }`}
      >
        {preview && <img src={preview} alt="" className="max-h-48 rounded-lg object-contain" />}
        {file && <p className="text-sm text-ink">{file.name}</p>}
        <div className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted">
          <input
            id={`${id}-input`}
            type="file"
            name={name}
            accept={accept}
            disabled={disabled}
            aria-required={required || undefined}
            aria-invalid={message ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            onChange={(event) => {
              take(event.target.files?.[0]);
              // Choosing the same file again after an error must fire change again.
              event.target.value = '';
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-input`}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-surface px-4 font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-brand-50"
          >
            <UploadIcon className="size-4" />
            {text.choose}
          </label>
          <span>{text.drop}</span>
        </div>
        {file && (
          <button
            type="button"
            onClick={() => {
              setOwnFile(null);
              setProblem(null);
              onChange(null);
            }}
            className="text-sm font-semibold text-danger underline"
          >
            {text.remove}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

import { formatFileSize } from './format';

export type UploadProgressProps = {
  /** What is being sent, e.g. 'Envoi des fichiers'. */
  label: string;
  /** Bytes sent so far, and in all. */
  loaded: number;
  total: number;
  /** Bytes per second, once measurable. */
  bytesPerSecond: number | null;
  /** e.g. (s) => `${s} secondes restantes`. */
  formatRemaining?: (seconds: number) => string;
  /** e.g. (speed) => `${speed}/s`. */
  formatSpeed?: (speed: string) => string;
  className?: string;
};

/** Seconds left at the current speed (null while it is unknown). */
export function remainingSeconds(
  loaded: number,
  total: number,
  bytesPerSecond: number | null,
): number | null {
  if (!bytesPerSecond || bytesPerSecond <= 0) return null;
  return Math.max(0, Math.ceil((total - loaded) / bytesPerSecond));
}

/**
 * The progress of one upload: a native progress bar, the size sent of the total in o, Ko, Mo,
 * Go, To or Po, the speed and the seconds left. The figures are a polite live region, so a screen
 * reader hears them without being interrupted.
 */
export function UploadProgress({
  label,
  loaded,
  total,
  bytesPerSecond,
  formatRemaining = (s) => `${s} s restantes`,
  formatSpeed = (speed) => `${speed}/s`,
  className = '',
}: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const left = remainingSeconds(loaded, total, bytesPerSecond);
  const figures = [
    `${formatFileSize(loaded)} / ${formatFileSize(total)}`,
    bytesPerSecond ? formatSpeed(formatFileSize(bytesPerSecond)) : null,
    left !== null ? formatRemaining(left) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={`space-y-1 ${className}`}>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span>{percent}&nbsp;%</span>
      </div>
      <progress
        className="h-2 w-full accent-brand-600"
        max={100}
        value={percent}
        aria-label={label}
      >
        {percent}&nbsp;%
      </progress>
      <p className="text-sm text-muted" aria-live="polite">
        {figures}
      </p>
    </div>
  );
}

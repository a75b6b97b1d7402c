import { useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';
import { formatFileSize } from './format';

export type ExportedFile = { blob: Blob; fileName: string | null };

export type ExportButtonLabels = {
  /** e.g. 'Exporter'. */
  idle: string;
  /** While the file arrives, with the bytes received so far, e.g. 'Export en cours… 1,2 Mo'. */
  running: (received: string | null) => string;
  /** The message of a failure, e.g. (m) => `L'export a échoué : ${m}`. */
  failed: (message: string) => string;
  /** Name used when the server gives none. */
  defaultFileName: string;
};

export const EXPORT_BUTTON_LABELS_FR: ExportButtonLabels = {
  idle: 'Exporter',
  running: (received) => (received ? `Export en cours… ${received}` : 'Export en cours…'),
  failed: (message) => `L'export a échoué : ${message}`,
  defaultFileName: 'export.xlsx',
};

export type ExportButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'children'> & {
  /** Fetches the file, reporting the bytes received so far. */
  onExport: (onProgress: (receivedBytes: number) => void) => Promise<ExportedFile>;
  labels?: ExportButtonLabels;
};

/**
 * Saves a blob under its name through a temporary link (the browser's own download). The link
 * is never put in the document, so its click does not reach the page's click listeners: the
 * usage tracker would take every export for a document the user opened.
 */
export function saveFile(file: ExportedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.click();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A button that downloads a generated file: busy with the bytes received while it arrives, the
 * browser's download when done, a French error next to it on failure (the button stays usable).
 */
export function ExportButton({
  onExport,
  labels = EXPORT_BUTTON_LABELS_FR,
  variant = 'secondary',
  ...props
}: ExportButtonProps) {
  const [running, setRunning] = useState(false);
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const runningRef = useRef(false);

  const start = async () => {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    setReceived(null);
    setError(null);
    try {
      const file = await onExport(setReceived);
      saveFile(file, labels.defaultFileName);
    } catch (failure) {
      setError(labels.failed(failure instanceof Error ? failure.message : String(failure)));
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button {...props} variant={variant} loading={running} onClick={() => void start()}>
        {running ? labels.running(received ? formatFileSize(received) : null) : labels.idle}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-danger-700">
          {error}
        </span>
      )}
    </span>
  );
}

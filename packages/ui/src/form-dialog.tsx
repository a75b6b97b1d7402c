import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export type FormDialogProps = {
  open: boolean;
  /** Cancel, Escape, backdrop click and the close button (ignored while `pending`). */
  onClose: () => void;
  /** The form's submit event, e.g. react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  closeLabel?: string;
  /** Saving: both buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Error slot above the fields, e.g. <Alert variant="error">…</Alert>. */
  error?: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/**
 * A dialog holding a <form>: Enter in a field submits it (the submit button belongs to the
 * form), browser validation bubbles are off (forms validate with French messages).
 */
export function FormDialog({
  open,
  onClose,
  onSubmit,
  title,
  description,
  submitLabel,
  cancelLabel,
  closeLabel,
  pending = false,
  error,
  children,
}: FormDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Focus starts in the first field, so typing and Enter work at once.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const form = formRef.current;
      const first = form?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
      );
      if (first && !form?.contains(document.activeElement)) first.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      closeLabel={closeLabel}
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-busy={pending || undefined}
        onSubmit={(event) => {
          if (pending) {
            event.preventDefault();
            return;
          }
          onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        {error}
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

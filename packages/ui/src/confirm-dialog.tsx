import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  /** Cancel, Escape, backdrop click and the close button (ignored while `pending`). */
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel?: string;
  /** Red confirm button, for deletions and other actions that cannot be undone. */
  destructive?: boolean;
  /** The action is running: both buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Error of the last attempt, e.g. <Alert variant="error">…</Alert>. */
  error?: ReactNode;
};

/**
 * Asks before an action. Focus starts on the cancel button (the safe choice) and returns to
 * the opener when the dialog closes (Headless UI).
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  destructive = false,
  pending = false,
  error,
}: ConfirmDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      closeLabel={closeLabel}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error}
    </Dialog>
  );
}

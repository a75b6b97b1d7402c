import {
  Description,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Dialog as HeadlessDialog,
} from '@headlessui/react';
import type { ReactNode } from 'react';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, backdrop click and the close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Footer buttons, e.g. <Button>Confirmer</Button>. */
  actions?: ReactNode;
  closeLabel?: string;
  /** 'wide' for content that needs the room, e.g. a table of several columns. */
  size?: DialogSize;
};

export type DialogSize = 'md' | 'wide';

const WIDTHS: Record<DialogSize, string> = { md: 'max-w-lg', wide: 'max-w-6xl' };

/** Modal dialog: Headless UI traps focus, closes on Escape and restores focus on close. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  closeLabel = 'Fermer',
  size = 'md',
}: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={`relative max-h-[calc(100dvh-2rem)] w-full ${WIDTHS[size]} overflow-y-auto rounded-card bg-surface p-6 text-ink shadow-xl`}
        >
          <DialogTitle className="pr-10 text-lg font-semibold">{title}</DialogTitle>
          {description && (
            <Description className="mt-2 text-sm text-muted">{description}</Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {actions && <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>}
          <button
            type="button"
            onClick={onClose}
            className="absolute top-4 right-4 flex size-8 items-center justify-center rounded-md text-muted hover:bg-canvas hover:text-ink"
          >
            <span className="sr-only">{closeLabel}</span>
            <svg
              className="size-5"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

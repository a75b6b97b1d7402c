import { useState, type Key, type ReactNode } from 'react';
import { Dialog } from './dialog';

export type StepControls<T> = {
  item: T;
  /** Position from 0. */
  index: number;
  total: number;
  /** Shows the next item; after the last one, calls `onFinish`. */
  next: () => void;
  /** Ends the session now: `onDismiss` gets this item and the ones after it. */
  dismiss: () => void;
};

export type StepDialogProps<T> = {
  /** Shows the dialog; the items are taken once when it opens (a snapshot). */
  open: boolean;
  items: readonly T[];
  getKey: (item: T) => Key;
  getTitle: (item: T) => string;
  /** The item's content, in a scrolling region reachable by keyboard. */
  renderBody: (item: T) => ReactNode;
  /** Footer buttons of the current step. */
  renderActions: (controls: StepControls<T>) => ReactNode;
  /** Escape, the close button or `dismiss()`: the current item and the ones after it. */
  onDismiss: (remaining: T[]) => void;
  /** `next()` on the last item. */
  onFinish: () => void;
  labels: {
    close: string;
    /** Description of the dialog, e.g. (1, 3) => '1 / 3'. */
    progress: (position: number, total: number) => string;
    /** Name of the scrolling body; the item's title when not given. */
    body?: (item: T) => string;
  };
};

/**
 * A dialog stepping through items one by one (after-login news…). Its body scrolls inside
 * a focusable region (tabIndex 0, role region, named), so keyboard users can scroll it
 * (axe `scrollable-region-focusable`).
 */
export function StepDialog<T>({ open, items, ...props }: StepDialogProps<T>) {
  if (!open || items.length === 0) return null;
  return <StepSession items={items} {...props} />;
}

function StepSession<T>({
  items,
  getKey,
  getTitle,
  renderBody,
  renderActions,
  onDismiss,
  onFinish,
  labels,
}: Omit<StepDialogProps<T>, 'open'>) {
  // A snapshot: the caller may drop handled items from its list without shifting ours.
  const [queue] = useState(() => [...items]);
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState(false);
  const item = queue[index];
  if (item === undefined || done) return null;

  const next = () => {
    if (index + 1 >= queue.length) {
      setDone(true);
      onFinish();
    } else {
      setIndex(index + 1);
    }
  };

  const dismiss = () => {
    setDone(true);
    onDismiss(queue.slice(index));
  };

  const title = getTitle(item);
  return (
    <Dialog
      open
      onClose={dismiss}
      title={title}
      description={labels.progress(index + 1, queue.length)}
      closeLabel={labels.close}
      actions={renderActions({ item, index, total: queue.length, next, dismiss })}
    >
      <div
        key={getKey(item)}
        role="region"
        tabIndex={0}
        aria-label={labels.body ? labels.body(item) : title}
        className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto rounded-lg"
      >
        {renderBody(item)}
      </div>
    </Dialog>
  );
}

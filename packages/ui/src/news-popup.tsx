import { useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { SafeHtml } from './safe-html';

export type NewsPopupItem = {
  id: string | number;
  title: string;
  /** Rich HTML, sanitised before display. */
  content?: string | null;
  imageUrl?: string | null;
  imageAlt?: string;
};

export type NewsPopupLabels = {
  postpone: string;
  read: string;
  postponeAll: string;
  close: string;
  progress: (position: number, total: number) => string;
};

const LABELS: NewsPopupLabels = {
  postpone: 'Reporter',
  read: 'Lu',
  postponeAll: 'Reporter tout',
  close: 'Fermer',
  progress: (position, total) => `${position} / ${total}`,
};

export type NewsPopupProps<T extends NewsPopupItem> = {
  /** Shows the popup; the items are taken once when it opens. */
  open: boolean;
  items: readonly T[];
  /** 'Lu': mark the item read, then the next one shows. */
  onRead: (item: T) => void;
  /** 'Reporter': the item will show again at a later sign-in; the next one shows. */
  onPostpone?: (item: T) => void;
  /** 'Reporter tout', Escape or the close button: every remaining item is postponed. */
  onPostponeAll: (remaining: T[]) => void;
  /** The last item was handled with 'Lu' or 'Reporter' (clear the login flag, close). */
  onFinish: () => void;
  labels?: Partial<NewsPopupLabels>;
};

/** After-login news popup (spec §4): items one by one with 'Reporter', 'Lu', 'Reporter tout'. */
export function NewsPopup<T extends NewsPopupItem>({ open, items, ...props }: NewsPopupProps<T>) {
  if (!open || items.length === 0) return null;
  return <NewsPopupSession items={items} {...props} />;
}

function NewsPopupSession<T extends NewsPopupItem>({
  items,
  onRead,
  onPostpone,
  onPostponeAll,
  onFinish,
  labels,
}: Omit<NewsPopupProps<T>, 'open'>) {
  const text = { ...LABELS, ...labels };
  // A snapshot: the caller may drop read items from its list without shifting ours.
  const [queue] = useState(() => [...items]);
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState(false);
  const item = queue[index];
  if (!item || done) return null;

  const advance = () => {
    if (index + 1 >= queue.length) {
      setDone(true);
      onFinish();
    } else {
      setIndex(index + 1);
    }
  };

  const postponeAll = () => {
    setDone(true);
    onPostponeAll(queue.slice(index));
  };

  return (
    <Dialog
      open
      onClose={postponeAll}
      title={item.title}
      description={text.progress(index + 1, queue.length)}
      closeLabel={text.close}
      actions={
        <>
          <Button variant="ghost" onClick={postponeAll} className="mr-auto">
            {text.postponeAll}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onPostpone?.(item);
              advance();
            }}
          >
            {text.postpone}
          </Button>
          <Button
            onClick={() => {
              onRead(item);
              advance();
            }}
          >
            {text.read}
          </Button>
        </>
      }
    >
      <div key={item.id} className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
        {item.imageUrl && (
          <img
            src={item.imageUrl}
            alt={item.imageAlt ?? ''}
            className="max-h-64 w-full rounded-lg object-cover"
          />
        )}
        <SafeHtml html={item.content} className="text-sm" />
      </div>
    </Dialog>
  );
}

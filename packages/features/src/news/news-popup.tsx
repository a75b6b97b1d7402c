import { Button } from '@portal/ui/button';
import { SafeHtml } from '@portal/ui/safe-html';
import { StepDialog } from '@portal/ui/step-dialog';

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

/**
 * After-login news popup (spec §4): items one by one with 'Reporter', 'Lu', 'Reporter tout'.
 * To be moved into packages/features (news) by the lead: it is now a thin composition of
 * the generic `StepDialog` of `@portal/ui/step-dialog`, with the same props as before.
 */
export function NewsPopup<T extends NewsPopupItem>({
  open,
  items,
  onRead,
  onPostpone,
  onPostponeAll,
  onFinish,
  labels,
}: NewsPopupProps<T>) {
  const text = { ...LABELS, ...labels };
  return (
    <StepDialog
      open={open}
      items={items}
      getKey={(item) => item.id}
      getTitle={(item) => item.title}
      labels={{ close: text.close, progress: text.progress }}
      onDismiss={onPostponeAll}
      onFinish={onFinish}
      renderBody={(item) => (
        <>
          {item.imageUrl && (
            <img
              src={item.imageUrl}
              alt={item.imageAlt ?? ''}
              className="max-h-64 w-full rounded-lg object-cover"
            />
          )}
          <SafeHtml html={item.content} className="text-sm" />
        </>
      )}
      renderActions={({ item, next, dismiss }) => (
        <>
          <Button variant="ghost" onClick={dismiss} className="mr-auto">
            {text.postponeAll}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onPostpone?.(item);
              next();
            }}
          >
            {text.postpone}
          </Button>
          <Button
            onClick={() => {
              onRead(item);
              next();
            }}
          >
            {text.read}
          </Button>
        </>
      )}
    />
  );
}

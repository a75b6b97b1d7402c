import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';

/** Says a form shows unsaved values restored from its session draft, with the way back. */
export function DraftNotice({
  message,
  discardLabel,
  onDiscard,
}: {
  message: string;
  discardLabel: string;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="info">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex-1">{message}</span>
        <Button variant="secondary" size="sm" onClick={onDiscard}>
          {discardLabel}
        </Button>
      </div>
    </Alert>
  );
}

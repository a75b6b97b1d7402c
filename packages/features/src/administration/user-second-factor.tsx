import { getUserSecondFactorQuery, useResetUserSecondFactor } from '@portal/api/second-factor';
import { failureMessage } from '@portal/auth/second-factor';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { formatDate } from '@portal/ui/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';

/**
 * A user's second factor on his staff page, and its reset (he enrols again): offered only when
 * the caller may act on him (the trust rule, which the backend enforces again).
 */
export function UserSecondFactor({ userId, manageable }: { userId: number; manageable: boolean }) {
  const status = useQuery(getUserSecondFactorQuery(userId));
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = useResetUserSecondFactor({
    onSuccess: () => {
      setConfirming(false);
      setDone(true);
    },
    onError: (error) => setFailure(failureMessage(error)),
  });
  const data = status.data;
  if (!data) return null;

  return (
    <section aria-labelledby="user-second-factor" className="rounded-card bg-surface p-6 shadow-sm">
      <h2 id="user-second-factor" className="text-lg font-semibold text-ink">
        {messages.secondFactorTitle}
      </h2>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p>
          {data.enrolled
            ? messages.secondFactorOn(
                data.enrolledAt ? formatDate(data.enrolledAt) : '',
                data.recoveryCodesLeft,
              )
            : data.required
              ? messages.secondFactorOffRequired
              : messages.secondFactorOff}
        </p>
        {data.enrolled && manageable && (
          <Gate component="users_edit_page">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {messages.secondFactorReset}
            </Button>
          </Gate>
        )}
      </div>
      {done && (
        <div className="mt-4">
          <Alert variant="success">{messages.secondFactorResetDone}</Alert>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setFailure(null);
            reset.mutate(userId);
          }}
          title={messages.secondFactorReset}
          message={messages.secondFactorResetConfirm}
          confirmLabel={messages.confirm}
          cancelLabel={messages.cancel}
          destructive
          pending={reset.isPending}
          error={failure && <Alert variant="error">{failure}</Alert>}
        />
      )}
    </section>
  );
}

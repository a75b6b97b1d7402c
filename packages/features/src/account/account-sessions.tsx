import {
  listUserSessionsQuery,
  type UserSession,
  useEndSession,
  useEndUserSessions,
} from '@portal/api/sessions';
import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { messages } from './messages';

const dateTime = (value: string) => dayjs(value).format('DD/MM/YYYY [à] HH:mm');

function SessionItem({
  session,
  canEnd,
  ending,
  onEnd,
}: {
  session: UserSession;
  canEnd: boolean;
  ending: boolean;
  onEnd: () => void;
}) {
  const device = session.device ?? messages.sessionUnknownDevice;
  const started = dateTime(session.startedAt);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {device}
          {session.current && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {messages.sessionCurrent}
            </span>
          )}
        </p>
        {session.impersonator && (
          <p className="text-sm text-muted">
            {messages.sessionViewedBy(session.impersonator.fullName)}
          </p>
        )}
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-muted">{messages.sessionAddress}</dt>
          <dd className="text-ink">{session.ipAddress ?? messages.sessionUnknownAddress}</dd>
          <dt className="text-muted">{messages.sessionStarted}</dt>
          <dd className="text-ink">{started}</dd>
          <dt className="text-muted">{messages.sessionLastSeen}</dt>
          <dd className="text-ink">{dateTime(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {canEnd && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onEnd}
          loading={ending}
          aria-label={messages.sessionEndLabel(device, started)}
        >
          {messages.sessionEnd}
        </Button>
      )}
    </li>
  );
}

/**
 * The account page's 'Sessions ouvertes': the user's open sessions, the current one marked; he
 * ends any other, or all others at once (after a confirmation). Same operations as the staff's
 * (`GET /users/{id}/sessions`, `DELETE /sessions/{id}`, `DELETE /users/{id}/sessions`), open to
 * him on his own account. Nothing to end while an administrator views the portal as him (the
 * backend refuses it), nor an administrator's view of his account.
 */
export function AccountSessions() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const sessions = useQuery({ ...listUserSessionsQuery(userId), enabled: userId > 0 });
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refocus, setRefocus] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const endOne = useEndSession();
  const endOthers = useEndUserSessions();

  // The button that was pressed is gone once the list is refetched: the heading takes the focus
  // (after the dialog has put it back on its opener), and the status line says what happened.
  useEffect(() => {
    if (refocus > 0) heading.current?.focus();
  }, [refocus]);

  const readOnly = session?.isImpersonateUser ?? false;
  const list = sessions.data?.['hydra:member'] ?? [];
  const others = list.filter((s) => !s.current && !s.impersonator);

  const end = (id: string) => {
    setFailure(null);
    endOne.mutate(id, {
      onSuccess: () => {
        setNotice(messages.sessionEnded);
        setRefocus((n) => n + 1);
      },
      onError: (error) => setFailure(messages.errorPrefix + error.message),
    });
  };

  const endAll = () => {
    endOthers.mutate(userId, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        setNotice(messages.sessionsEnded(ended));
        setRefocus((n) => n + 1);
      },
    });
  };

  return (
    <section
      aria-labelledby="account-sessions"
      className="rounded-card bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2
        id="account-sessions"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink"
      >
        {messages.sessionsTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{messages.sessionsIntro}</p>
      <p role="status" className="mt-2 text-sm text-ink empty:hidden">
        {notice}
      </p>
      {failure && (
        <Alert variant="error" className="mt-2">
          {failure}
        </Alert>
      )}
      {sessions.isPending && userId > 0 && <p role="status">{messages.loading}</p>}
      {sessions.isError && (
        <Alert variant="error">{messages.errorPrefix + sessions.error.message}</Alert>
      )}
      {sessions.data && (
        <>
          <ul className="mt-2 divide-y divide-canvas" aria-label={messages.sessionsTitle}>
            {list.map((item) => (
              <SessionItem
                key={item.id}
                session={item}
                canEnd={!readOnly && !item.current && !item.impersonator}
                ending={endOne.isPending && endOne.variables === item.id}
                onEnd={() => end(item.id)}
              />
            ))}
          </ul>
          {!readOnly && others.length > 0 && (
            <div className="mt-4">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {messages.sessionsEndOthers}
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
          endOthers.reset();
        }}
        onConfirm={endAll}
        title={messages.sessionsEndOthersTitle}
        message={messages.sessionsEndOthersMessage(others.length)}
        confirmLabel={messages.sessionsEndOthersConfirm}
        cancelLabel={messages.cancel}
        destructive
        pending={endOthers.isPending}
        error={
          endOthers.isError ? (
            <Alert variant="error">{messages.errorPrefix + endOthers.error.message}</Alert>
          ) : null
        }
      />
    </section>
  );
}

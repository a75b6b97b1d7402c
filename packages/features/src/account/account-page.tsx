import { getCurrentUserQuery } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import { messages } from './messages';

/** /my/account: who the agent is, read back from the backend. */
export function AccountPage() {
  const me = useQuery(getCurrentUserQuery());

  return (
    <section aria-labelledby="account-title" className="max-w-2xl space-y-4">
      <h1 id="account-title" className="text-2xl font-semibold text-ink">
        {messages.title}
      </h1>
      {me.isPending && <p role="status">{messages.loading}</p>}
      {me.isError && <Alert variant="error">{messages.errorPrefix + me.error.message}</Alert>}
      {me.data && (
        <div className="rounded-card bg-surface p-4 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-ink">{messages.identity}</h2>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
            <dt className="text-muted">{messages.fullName}</dt>
            <dd className="min-w-0 wrap-break-word">{me.data.fullName}</dd>
            <dt className="text-muted">{messages.email}</dt>
            <dd className="min-w-0 wrap-anywhere">{me.data.email}</dd>
            <dt className="text-muted">{messages.profile}</dt>
            <dd>{me.data.profilName}</dd>
            {me.data.cgpId && (
              <>
                <dt className="text-muted">{messages.cgpId}</dt>
                <dd>{me.data.cgpId}</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}

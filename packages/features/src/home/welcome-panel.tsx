import { getCgpQuery, getCurrentUserQuery } from '@portal/api/session';
import { useSession } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';

/**
 * First home block: who is signed in, read back from the backend (not from local storage).
 * Until the answer the session's copy stands in, so the block has its final size at once.
 */
export function WelcomePanel() {
  const session = useSession();
  const me = useQuery(getCurrentUserQuery());
  const user = me.data ?? (me.isPending ? session : null);
  const cgpId = user?.cgpId ?? null;
  const cgp = useQuery({ ...getCgpQuery(me.data?.cgpId ?? ''), enabled: !!me.data?.cgpId });

  if (me.isError)
    return <Alert variant="error">Une erreur est survenue : {me.error.message}</Alert>;
  if (!user) return <p role="status">Chargement…</p>;

  return (
    <section
      aria-labelledby="welcome-title"
      className="max-w-2xl min-w-0 rounded-card bg-surface p-4 shadow-sm sm:p-6"
    >
      <h1 id="welcome-title" className="text-2xl font-semibold wrap-break-word text-ink">
        Bonjour {user.fullName}
      </h1>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
        <dt className="text-muted">Adresse e-mail</dt>
        <dd className="min-w-0 wrap-anywhere">{user.email}</dd>
        <dt className="text-muted">Profil</dt>
        <dd>{user.profilName}</dd>
        {cgpId && (
          <>
            <dt className="text-muted">Identifiant CGP</dt>
            <dd>
              {cgpId}
              {cgp.data && ` — ${cgp.data.agent.firstname} ${cgp.data.agent.lastname}`}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

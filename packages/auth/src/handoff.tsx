import { createHandoff } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { signOut, siblingAppUrl } from './setup';

/**
 * Opens the current session in the other app. Only a single-use code valid for a minute
 * crosses origins, in the URL fragment (never sent to a server); the token stays here.
 */
export function HandoffRedirect() {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const data = await createHandoff();
        const target = `${siblingAppUrl()}/auth/handoff#code=${encodeURIComponent(data.code)}`;
        signOut();
        window.location.assign(target);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    })();
  }, []);

  return (
    <main className="mx-auto mt-24 max-w-md p-6 text-center">
      {failure ? (
        <Alert variant="error">
          Une erreur est survenue : {failure}{' '}
          <Link href="/logout" className="underline">
            Se déconnecter
          </Link>
        </Alert>
      ) : (
        <p role="status">Redirection vers votre espace…</p>
      )}
    </main>
  );
}

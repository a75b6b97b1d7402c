import { createHandoff } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { safeRelativePath } from './paths';
import { signOut, siblingAppUrl } from './setup';

/**
 * Opens the current session in the other app. Only a single-use code valid for a minute
 * crosses origins, in the URL fragment (never sent to a server); the token stays here. The
 * path asked for here (`wanted`, with its query) goes along in the fragment: the other app
 * opens it when it has that page (`handoffTarget`), its home otherwise.
 */
export function HandoffRedirect({ wanted }: { wanted?: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const data = await createHandoff();
        const fragment = new URLSearchParams({ code: data.code });
        const path = safeRelativePath(wanted);
        if (path) fragment.set('to', path);
        const target = `${siblingAppUrl()}/auth/handoff#${fragment.toString()}`;
        signOut();
        window.location.assign(target);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    })();
  }, [wanted]);

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

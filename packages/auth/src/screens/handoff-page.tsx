import { ApiError, errorMessage } from '@portal/api/hydra';
import { exchangeHandoff } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { handoffTarget } from '../paths';
import { authSetup, clearQueryCache } from '../setup';
import { useSessionStore } from '../store';
import { AuthLayout } from './auth-layout';

/**
 * Receives a session from the sibling app: exchanges the single-use code from the fragment,
 * then opens the path asked for there (`to`) when this app has it, its home otherwise.
 */
export function HandoffPage() {
  const [, navigate] = useLocation();
  const setSession = useSessionStore((state) => state.setSession);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('code') ?? '';
    const wanted = fragment.get('to');
    history.replaceState(null, '', window.location.pathname);
    void (async () => {
      try {
        const data = await exchangeHandoff(code);
        clearQueryCache();
        setSession(data);
        navigate(handoffTarget(data, authSetup().pages, wanted), { replace: true });
      } catch (error) {
        setFailure(
          error instanceof ApiError
            ? errorMessage(error.body)
            : error instanceof Error
              ? error.message
              : String(error),
        );
      }
    })();
  }, [navigate, setSession]);

  return (
    <AuthLayout>
      {failure ? (
        <div className="max-w-md space-y-4">
          <Alert variant="error">Une erreur est survenue : {failure}</Alert>
          <Link href="/login" className="text-brand-700 underline">
            Se connecter
          </Link>
        </div>
      ) : (
        <p role="status">Ouverture de votre session…</p>
      )}
    </AuthLayout>
  );
}

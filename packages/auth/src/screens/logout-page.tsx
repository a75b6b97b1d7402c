import { signOutToken } from '@portal/api/session';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { signOut } from '../setup';
import { useSessionStore } from '../store';

/** Ends the sessions on the server too, so the tokens die; signing out locally does not wait. */
function endServerSessions(): void {
  const { session, adminSession } = useSessionStore.getState();
  for (const token of [session?.token, adminSession?.token]) {
    if (token) void signOutToken(token).catch(() => undefined);
  }
}

export function LogoutPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    endServerSessions();
    signOut();
    navigate('/', { replace: true });
  }, [navigate]);
  return (
    <p role="status" className="p-6">
      Déconnexion…
    </p>
  );
}

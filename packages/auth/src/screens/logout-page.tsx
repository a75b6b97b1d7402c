import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { signOut } from '../setup';

export function LogoutPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    signOut();
    navigate('/', { replace: true });
  }, [navigate]);
  return (
    <p role="status" className="p-6">
      Déconnexion…
    </p>
  );
}

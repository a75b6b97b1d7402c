import { Button } from '@portal/ui/button';
import { showSnackbar } from '@portal/ui/snackbar';
import { useState } from 'react';
import { useSession } from './guard';
import { returnToMySession } from './impersonation';

// Loaded with the signed-in frame and, lazily, by the 403 page: kept out of `messages.ts` so
// the sign-in route does not carry it.
export const impersonationMessages = {
  viewingAs: (name: string) => `Vous consultez le portail en tant que ${name}`,
  returnToMySession: 'Revenir à ma session',
  errorPrefix: 'Une erreur est survenue : ',
} as const;

/**
 * Shown on every page while an administrator views the portal as someone else (the signed-in
 * frame and the 403 page), with the way back to his own session.
 */
export function ImpersonationBanner() {
  const session = useSession();
  const [returning, setReturning] = useState(false);
  if (!session?.isImpersonateUser) return null;

  const onReturn = async () => {
    setReturning(true);
    try {
      await returnToMySession();
    } catch (error) {
      showSnackbar(impersonationMessages.errorPrefix + (error as Error).message, 'error');
      setReturning(false);
    }
  };

  return (
    <div
      data-testid="impersonation-banner"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-warning bg-warning-soft px-4 py-2 text-sm text-ink md:px-6"
    >
      <p className="min-w-0 font-semibold wrap-break-word">
        {impersonationMessages.viewingAs(session.fullName)}
      </p>
      <Button variant="secondary" size="sm" loading={returning} onClick={onReturn}>
        {impersonationMessages.returnToMySession}
      </Button>
    </div>
  );
}

export default ImpersonationBanner;

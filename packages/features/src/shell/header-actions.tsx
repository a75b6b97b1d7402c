import type { Session } from '@portal/api/main';
import { returnToMySession } from '@portal/auth/impersonation';
import { Button } from '@portal/ui/button';
import { showSnackbar } from '@portal/ui/snackbar';
import { useState } from 'react';
import { Link } from 'wouter';
import { messages } from './messages';

export function HeaderActions({ session }: { session: Session }) {
  const [returning, setReturning] = useState(false);

  const onReturn = async () => {
    setReturning(true);
    try {
      await returnToMySession();
    } catch (error) {
      showSnackbar(messages.errorPrefix + (error as Error).message, 'error');
      setReturning(false);
    }
  };

  return (
    <>
      {session.isImpersonateUser && (
        <Button variant="secondary" size="sm" loading={returning} onClick={onReturn}>
          {messages.returnToMySession}
        </Button>
      )}
      <Link href="/logout" className="text-sm font-semibold text-brand-700 underline">
        {messages.signOut}
      </Link>
    </>
  );
}

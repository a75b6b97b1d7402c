import { Button } from '@portal/ui/button';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../guard';
import { messages } from '../messages';
import { isDisabled } from '../paths';
import { useSupportEmail } from '../support-email';
import { StatusPage } from './status-page';

// While impersonating, the 403 page still says whose portal this is and offers the way back.
const ImpersonationBanner = lazy(() => import('../impersonation-banner'));

const Dialog = lazy(() =>
  import('@portal/ui/dialog').then((module) => ({ default: module.Dialog })),
);

export function ForbiddenPage() {
  const session = useSession();
  const suspended = session !== null && isDisabled(session);

  return (
    <>
      {session?.isImpersonateUser && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      {/* Home would only bring a suspended user back here: signing out is his way on. */}
      <StatusPage
        code={403}
        title="Forbidden"
        action={suspended ? { href: '/logout', label: messages.signOut } : undefined}
      >
        <p className="mt-4 text-muted">Vous n'avez pas accès à cette page.</p>
        {suspended && <SuspendedDialog />}
      </StatusPage>
    </>
  );
}

function SuspendedDialog() {
  const [open, setOpen] = useState(true);
  const supportEmail = useSupportEmail();
  return (
    <Suspense fallback={null}>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={messages.suspendedTitle}
        closeLabel="Fermer la fenêtre"
        description={<SuspendedText email={supportEmail} />}
      >
        <div className="flex justify-end">
          <Button onClick={() => setOpen(false)}>{messages.close}</Button>
        </div>
      </Dialog>
    </Suspense>
  );
}

/** The spec's sentence, with the address as a mail link. */
function SuspendedText({ email }: { email: string }) {
  const [before, after] = messages.suspendedText('\u0000').split('\u0000');
  return (
    <>
      {before}
      <a href={`mailto:${email}`} className="text-brand-700 underline">
        {email}
      </a>
      {after}
    </>
  );
}

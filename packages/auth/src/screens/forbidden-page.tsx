import { Button } from '@portal/ui/button';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../guard';
import { messages } from '../messages';
import { isDisabled } from '../paths';
import { useSupportEmail } from '../support-email';
import { StatusPage } from './status-page';

// While impersonating, the 403 page still says whose portal this is and offers the way back.
const ImpersonationBanner = lazy(() => import('../impersonation-banner'));

// The spec's texts (part 1 §5), here rather than in `messages` (the sign-in route's budget).
const suspendedTitle = 'Compte suspendu';
const suspendedText = (email: string) =>
  `Votre compte est temporairement suspendu. Veuillez contacter le support par e-mail à l'adresse ${email}.`;

const Dialog = lazy(() =>
  import('@portal/ui/dialog').then((module) => ({ default: module.Dialog })),
);

export function ForbiddenPage() {
  const session = useSession();
  const suspended = session !== null && isDisabled(session);
  const signOutLink = useRef<HTMLAnchorElement>(null);

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
        actionRef={signOutLink}
      >
        <p className="mt-4 text-muted">Vous n'avez pas accès à cette page.</p>
        {suspended && <SuspendedDialog focusOnClose={signOutLink} />}
      </StatusPage>
    </>
  );
}

/**
 * Open over the page from the start: nothing had the focus before it, so on close the focus
 * goes to `focusOnClose` (signing out, the suspended user's way on) instead of the page.
 */
function SuspendedDialog({ focusOnClose }: { focusOnClose: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState(true);
  const supportEmail = useSupportEmail();
  useEffect(() => {
    if (!open) focusOnClose.current?.focus();
  }, [open, focusOnClose]);
  return (
    <Suspense fallback={null}>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={suspendedTitle}
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
  const [before, after] = suspendedText('\u0000').split('\u0000');
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

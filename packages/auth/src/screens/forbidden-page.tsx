import { Button } from '@portal/ui/button';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../guard';
import { messages } from '../messages';
import { isDisabled } from '../paths';
import { authSetup } from '../setup';
import { StatusPage } from './status-page';

const Dialog = lazy(() =>
  import('@portal/ui/dialog').then((module) => ({ default: module.Dialog })),
);

export function ForbiddenPage() {
  const session = useSession();
  const suspended = session !== null && isDisabled(session);
  const [dialogOpen, setDialogOpen] = useState(suspended);

  return (
    <StatusPage code={403} title="Forbidden">
      <p className="mt-4 text-muted">Vous n'avez pas accès à cette page.</p>
      {suspended && (
        <Suspense fallback={null}>
          <Dialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            title={messages.suspendedTitle}
            closeLabel="Fermer la fenêtre"
            description={messages.suspendedText(authSetup().config.supportEmail)}
          >
            <div className="flex justify-end">
              <Button onClick={() => setDialogOpen(false)}>{messages.close}</Button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </StatusPage>
  );
}

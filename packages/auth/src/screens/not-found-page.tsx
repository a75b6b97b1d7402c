import { StatusPage } from './status-page';

export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Not Found">
      <p className="mt-4 text-muted">La page demandée n'existe pas.</p>
    </StatusPage>
  );
}

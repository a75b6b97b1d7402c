import { RequireAuth } from '@portal/auth';
import { lazy, type ReactNode, Suspense } from 'react';

const QueryProvider = lazy(() => import('./query-provider'));

/** A signed-in route: the guard, then the query cache and the page, both loaded on demand. */
export function SignedIn({ component, children }: { component?: string; children: ReactNode }) {
  return (
    <RequireAuth component={component}>
      <Suspense
        fallback={
          <p role="status" className="p-6">
            Chargement…
          </p>
        }
      >
        <QueryProvider>{children}</QueryProvider>
      </Suspense>
    </RequireAuth>
  );
}

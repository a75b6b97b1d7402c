import { createQueryClient } from '@portal/api/query-client';
import { getCurrentUserQuery } from '@portal/api/session';
import { registerQueryClient, useSession } from '@portal/auth';
import { refreshSessionAccess } from '@portal/auth/session-refresh';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTracking } from '../tracking';
import { AppShell } from './app-shell';
import { GridPrefetch } from './grid-prefetch';
import { messages } from './messages';
import { portal, portalScreens, type RouteParams } from './routes';

// One cache for the whole tab, created when the first signed-in page loads.
const queryClient = createQueryClient();
registerQueryClient(queryClient);

export default function SignedInFrame({ path, params }: { path: string; params: RouteParams }) {
  const session = useSession();
  const route = portalScreens().routes.find((candidate) => candidate.path === path)!;
  const Page = route.page;

  useEffect(() => {
    document.title = `${route.title} — ${portal().title}`;
  }, [route.title]);
  useTracking(session, { title: route.title, route: route.path });
  useAccessRefresh(route.path, params);

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <Suspense
          fallback={
            <p role="status" className="p-6">
              {messages.loading}
            </p>
          }
        >
          <Page params={params} />
          <GridPrefetch signedIn={session !== null} />
        </Suspense>
      </AppShell>
      {session &&
        portalScreens()
          .overlays?.filter((overlay) => overlay.when(session))
          .map(({ component: Overlay }, index) => (
            <Suspense key={index} fallback={null}>
              <Overlay />
            </Suspense>
          ))}
    </QueryClientProvider>
  );
}

/** A navigation within this time reuses the last answer of `GET /me`. */
const ACCESS_STALE_MS = 2_000;

/**
 * On the first page (a reload) and each route change, asks the backend for the user's current
 * components: rights an administrator changed meanwhile reach the menu, the gates and the
 * route guard without a new sign-in.
 */
function useAccessRefresh(path: string, params: RouteParams) {
  const where = `${path}?${JSON.stringify(params)}`;
  useEffect(() => {
    let cancelled = false;
    queryClient
      .fetchQuery({ ...getCurrentUserQuery(), staleTime: ACCESS_STALE_MS })
      .then((user) => {
        if (!cancelled) refreshSessionAccess(user);
      })
      // A failed refresh keeps the rights of the sign-in; a 401 signs out through the client.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [where]);
}

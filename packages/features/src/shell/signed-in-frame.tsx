import { createQueryClient } from '@portal/api/query-client';
import { registerQueryClient, useSession } from '@portal/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTracking } from '../tracking';
import { AppShell } from './app-shell';
import { messages } from './messages';
import { type AppRoute, portal, type RouteParams } from './routes';

// One cache for the whole tab, created when the first signed-in page loads.
const queryClient = createQueryClient();
registerQueryClient(queryClient);

export default function SignedInFrame({ route, params }: { route: AppRoute; params: RouteParams }) {
  const session = useSession();
  const Page = route.page;

  useEffect(() => {
    document.title = `${route.title} — ${portal().title}`;
  }, [route.title]);
  useTracking(session, route.title);

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
        </Suspense>
      </AppShell>
      {session &&
        portal()
          .overlays?.filter((overlay) => overlay.when(session))
          .map(({ component: Overlay }, index) => (
            <Suspense key={index} fallback={null}>
              <Overlay />
            </Suspense>
          ))}
    </QueryClientProvider>
  );
}

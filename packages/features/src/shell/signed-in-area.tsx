import { RequireAuth } from '@portal/auth';
import { lazy, Suspense } from 'react';
import { matchRoute, type Parser, Redirect, useLocation, useRouter } from 'wouter';
import { messages } from './messages';
import type { PageRoute } from '@portal/auth';
import { loadPortalScreens, portal, type RouteParams } from './routes';

// The query cache, the frame, the tracking and the app's screens load with the first signed-in
// page, so the sign-in route stays light.
const SignedInFrame = lazy(() =>
  Promise.all([import('./signed-in-frame'), loadPortalScreens()]).then(([module]) => module),
);

function findRoute(
  parser: Parser,
  location: string,
): { route: PageRoute; params: RouteParams } | null {
  for (const route of portal().pages) {
    const [matched, params] = matchRoute(parser, route.path, location);
    if (matched) return { route, params: params ?? {} };
  }
  return null;
}

/**
 * Every signed-in route of the app: the route's guard (its component), then the frame and
 * the page. One element for all of them, so the frame stays mounted between pages.
 */
export function SignedInArea() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const match = findRoute(parser, location);
  if (!match) return <Redirect to="/not-found" replace />;
  const { route, params } = match;

  return (
    <RequireAuth component={route.component ?? undefined}>
      <Suspense
        fallback={
          <p role="status" className="p-6">
            {messages.loading}
          </p>
        }
      >
        <SignedInFrame path={route.path} params={params} />
      </Suspense>
    </RequireAuth>
  );
}

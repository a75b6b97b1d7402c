import { RequireAuth } from '@portal/auth';
import { lazy, Suspense, useEffect } from 'react';
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
 * Fetches the route's page as soon as the app's screens are in, beside the frame's chunks and
 * before the frame's first render (which would otherwise be the one to ask for it).
 */
function PreloadPage({ path }: { path: string }) {
  useEffect(() => {
    loadPortalScreens()
      .then((screens) => screens.routes.find((route) => route.path === path)?.page.preload?.())
      // The page's own render reports a failure.
      .catch(() => undefined);
  }, [path]);
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
      <PreloadPage path={route.path} />
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

import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { HandoffRedirect } from './handoff';
import { audienceOf, isDisabled, rememberWantedPath } from './paths';
import { authSetup } from './setup';
import { useSessionStore } from './store';

export function useSession() {
  return useSessionStore((state) => state.session);
}

export function useHasComponent(component: string | undefined): boolean {
  const components = useSessionStore((state) => state.session?.components);
  return !component || (components?.includes(component) ?? false);
}

/** Renders its children only when the signed-in user holds the component. */
export function Gate({
  component,
  children,
  fallback = null,
}: {
  component: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useHasComponent(component) ? children : fallback;
}

/**
 * Guards a route: anonymous → /login (remembering the wanted path), suspended → /forbidden of
 * this app (the backend hands no suspended session over), a session of the other audience →
 * hand-off to the right app, missing component → /forbidden.
 */
export function RequireAuth({ component, children }: { component?: string; children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const allowed = useHasComponent(component);

  const wanted = location + (search ? `?${search}` : '');

  if (!session) {
    rememberWantedPath(wanted);
    return <Redirect to="/login" replace />;
  }
  if (isDisabled(session)) return <Redirect to="/forbidden" replace />;
  if (audienceOf(session) !== authSetup().app) return <HandoffRedirect wanted={wanted} />;
  if (!allowed) return <Redirect to="/forbidden" replace />;
  return children;
}

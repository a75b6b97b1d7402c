import { setupAuth } from '@portal/auth';
import { LoginPage } from '@portal/auth/screens/login-page';
import { LogoutPage } from '@portal/auth/screens/logout-page';
import { readRuntimeConfig } from '@portal/config/runtime';
import { lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';
import { definePortal, type PortalDefinition } from './routes';
import { SignedInArea } from './signed-in-area';

// No snackbar is shown on the way to signing in: its host (and store) load after the first paint.
const SnackbarHost = lazy(() =>
  import('@portal/ui/snackbar').then((module) => ({ default: module.SnackbarHost })),
);

// Pages no one meets on the way to signing in load when asked (the sign-in budget).
const ResetPasswordPage = lazy(() =>
  import('@portal/auth/screens/reset-password-page').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const ForbiddenPage = lazy(() =>
  import('@portal/auth/screens/forbidden-page').then((module) => ({
    default: module.ForbiddenPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('@portal/auth/screens/not-found-page').then((module) => ({
    default: module.NotFoundPage,
  })),
);
const HandoffPage = lazy(() =>
  import('@portal/auth/screens/handoff-page').then((module) => ({ default: module.HandoffPage })),
);

interface PortalOptions extends PortalDefinition {
  /** Routes matched before the signed-in ones, e.g. a redirect of `/`. */
  redirects?: ReactNode;
}

/** Boots an app: runtime configuration, API clients, public screens, signed-in routes, 404. */
export function startPortal({ redirects, ...definition }: PortalOptions): void {
  definePortal(definition);
  setupAuth({
    app: definition.app,
    config: readRuntimeConfig(),
    pages: definition.pages,
    title: definition.title,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <Switch>
          <Route path="/login" component={LoginPage} />
          <Route path="/logout" component={LogoutPage} />
          <Route path="/reset-password/:token">
            {(params) => <ResetPasswordPage token={params.token} />}
          </Route>
          <Route path="/forbidden" component={ForbiddenPage} />
          <Route path="/not-found" component={NotFoundPage} />
          <Route path="/auth/handoff" component={HandoffPage} />
          {redirects}
          <Route>
            <SignedInArea />
          </Route>
        </Switch>
      </Suspense>
      <Suspense fallback={null}>
        <SnackbarHost />
      </Suspense>
    </StrictMode>,
  );
}

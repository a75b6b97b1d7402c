import { setupAuth } from '@portal/auth';
import {
  ForbiddenPage,
  HandoffPage,
  LoginPage,
  LogoutPage,
  NotFoundPage,
  ResetPasswordPage,
} from '@portal/auth/screens';
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
      <Suspense fallback={null}>
        <SnackbarHost />
      </Suspense>
    </StrictMode>,
  );
}

import { type AppName, type PageRoute, setupAuth } from '@portal/auth';
import {
  ForbiddenPage,
  HandoffPage,
  LoginPage,
  LogoutPage,
  NotFoundPage,
  ResetPasswordPage,
} from '@portal/auth/screens';
import { readRuntimeConfig } from '@portal/config/runtime';
import { SnackbarHost } from '@portal/ui/snackbar';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Redirect, Route, Switch } from 'wouter';

interface PortalOptions {
  app: AppName;
  /** The app's pages in menu order (for the home path after sign-in). */
  pages: readonly PageRoute[];
  /** The app's own routes, each wrapped in SignedIn. */
  routes: ReactNode;
}

/** Boots an app: runtime configuration, API clients, query cache, public screens and 404 fallback. */
export function startPortal({ app, pages, routes }: PortalOptions): void {
  setupAuth({ app, config: readRuntimeConfig(), pages });
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
        {routes}
        <Route>
          <Redirect to="/not-found" replace />
        </Route>
      </Switch>
      <SnackbarHost />
    </StrictMode>,
  );
}

import './styles.css';
import { SignedIn, startPortal } from '@portal/features/shell';
import { lazy } from 'react';
import { Redirect, Route } from 'wouter';
import { pages } from './pages';

const HomePage = lazy(() => import('./home-page'));

startPortal({
  app: 'staff',
  pages,
  routes: [
    <Route key="root" path="/">
      <Redirect to="/accueil" replace />
    </Route>,
    <Route key="accueil" path="/accueil">
      <SignedIn>
        <HomePage />
      </SignedIn>
    </Route>,
  ],
});

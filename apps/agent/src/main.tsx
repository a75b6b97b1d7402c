import './styles.css';
import { SignedIn, startPortal } from '@portal/features/shell';
import { lazy } from 'react';
import { Route } from 'wouter';
import { pages } from './pages';

const HomePage = lazy(() => import('./home-page'));

startPortal({
  app: 'agent',
  pages,
  routes: (
    <Route path="/">
      <SignedIn>
        <HomePage />
      </SignedIn>
    </Route>
  ),
});

import './styles.css';
import { startPortal } from '@portal/features/shell';
import { Redirect, Route } from 'wouter';
import { routes, sections } from './routes';

startPortal({
  app: 'staff',
  title: 'Console du réseau',
  routes,
  sections,
  redirects: (
    <Route path="/">
      <Redirect to="/accueil" replace />
    </Route>
  ),
});

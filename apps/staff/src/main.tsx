import './styles.css';
import { staffPaths } from '@portal/features/paths';
import { startPortal } from '@portal/features/shell';
import { Redirect, Route } from 'wouter';
import { routes, sections } from './screens';

startPortal({
  app: 'staff',
  title: 'Console du réseau',
  routes,
  sections,
  redirects: (
    <Route path="/">
      <Redirect to={staffPaths.home} replace />
    </Route>
  ),
});

import './styles.css';
import { staffPaths } from '@portal/features/paths/staff';
import { startPortal } from '@portal/features/shell';
import { Redirect, Route } from 'wouter';
import { pageTable } from './routes';

startPortal({
  app: 'staff',
  title: 'Console du réseau',
  pages: pageTable,
  load: () => import('./screens'),
  redirects: (
    <Route path="/">
      <Redirect to={staffPaths.home} replace />
    </Route>
  ),
});

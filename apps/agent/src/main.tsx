import './styles.css';
import { startPortal } from '@portal/features/shell';
import { pageTable } from './routes';

startPortal({
  app: 'agent',
  title: 'Espace mandataire',
  pages: pageTable,
  load: () => import('./screens'),
});

import './styles.css';
import { startPortal } from '@portal/features/shell';
import { routes, sections } from './routes';

startPortal({ app: 'agent', title: 'Espace mandataire', routes, sections });

import './styles.css';
import { startPortal } from '@portal/features/shell';
import { overlays, routes, sections } from './routes';

startPortal({ app: 'agent', title: 'Espace mandataire', routes, sections, overlays });

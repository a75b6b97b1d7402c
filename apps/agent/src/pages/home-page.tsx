import { AgentHome } from '@portal/features/home';

export default AgentHome;

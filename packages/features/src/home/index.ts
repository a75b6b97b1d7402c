export { AgentHome } from './agent-home';
export { StaffHome, type StaffHomeLink } from './staff-home';
export { WelcomePanel } from './welcome-panel';

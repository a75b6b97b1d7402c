export { WelcomePanel } from './welcome-panel';

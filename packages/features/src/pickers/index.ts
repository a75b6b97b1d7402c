export { AgentPicker, ClientPicker } from './pickers';

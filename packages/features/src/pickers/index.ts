export { AgentFilterPicker, AgentPicker, ClientFilterPicker, ClientPicker } from './pickers';

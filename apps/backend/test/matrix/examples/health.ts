import { NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

/** The probes: public, no records of anyone. */
export const healthExamples: Record<string, Example> = {
  'main:getHealth': { request: () => ({ path: '/healthz' }), foreign: NOT_AGENT_DATA },
  'main:getReadiness': { request: () => ({ path: '/readyz' }), foreign: NOT_AGENT_DATA },
};

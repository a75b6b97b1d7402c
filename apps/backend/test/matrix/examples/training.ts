import { mergePatch, NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

export const trainingExamples: Record<string, Example> = {
  'main:listTrainingRoleMappings': {
    request: () => ({ path: '/odysseal/roles' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateTrainingRoleMappings': {
    request: () => ({
      path: '/odysseal/roles',
      body: [{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' }],
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'training:listTrainingModels': {
    request: () => ({ path: '/api/models' }),
    foreign: NOT_AGENT_DATA,
  },
  'training:listMyTrainingHistory': {
    request: () => ({ path: '/api/users/me/training-history?year=2026&isValidated=true' }),
    foreign: "the caller's own history: no parameter names another agent",
  },
  'training:getMyTrainingTotal': {
    request: () => ({ path: '/api/users/me/training-history/total' }),
    foreign: "the caller's own total: no parameter names another agent",
  },
  'training:exportMyTrainingHistory': {
    request: () => ({ path: '/api/users/me/training-history/export?role=TRAINED' }),
    foreign: "the caller's own history: no parameter names another agent",
  },
};

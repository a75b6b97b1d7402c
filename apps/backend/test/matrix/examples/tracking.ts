import type { Example } from './types.js';

const event = {
  type: 'PAGE',
  action: 'Accueil',
  path: '/',
  timestamp: '2026-03-01T10:00:00.000Z',
  device: 'PC',
};

export const trackingExamples: Record<string, Example> = {
  'main:createTrackingEvents': {
    request: ({ caller }) => ({
      path: `/sessions/${caller?.sessionId ?? '00000000-0000-4000-8000-000000000000'}/events`,
      body: [event],
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/sessions/${fx.otherAgent.sessionId}/events`, body: [event] }),
      status: 404,
    },
  },
};

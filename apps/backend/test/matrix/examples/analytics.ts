import type { Example } from './types.js';

const STAFF_ONLY = 'usage analytics are staff-only (tracking components): no agent may call them';
const period = 'from=2026-03-01&to=2026-03-10';

/** Staff only: an agent asking for another user's figures is refused like for his own. */
const aggregate = (path: string): Example => ({
  request: ({ fx }) => ({ path: `${path}?${period}&userId=${fx.agent.userId}` }),
  foreign: {
    request: ({ fx }) => ({ path: `${path}?${period}&userId=${fx.otherAgent.userId}` }),
    status: 403,
  },
});

/** One user's figure (`/tracking/users/{id}/…`): the same, the user in the path. */
const userAggregate = (path: string): Example => ({
  request: ({ fx }) => ({ path: `/tracking/users/${fx.agent.userId}${path}?${period}` }),
  foreign: {
    request: ({ fx }) => ({ path: `/tracking/users/${fx.otherAgent.userId}${path}?${period}` }),
    status: 403,
  },
});

export const analyticsExamples: Record<string, Example> = {
  'main:listTrackingUsers': {
    request: () => ({ path: '/tracking/users?itemsPerPage=5&order[email]=desc' }),
    foreign: STAFF_ONLY,
  },
  'main:getTrackingUser': {
    request: ({ fx }) => ({ path: `/tracking/users/${fx.agent.userId}` }),
    foreign: STAFF_ONLY,
  },
  'main:listTrackingTopConsultants': aggregate('/tracking/top/consultants'),
  'main:exportTrackingTopConsultants': aggregate('/tracking/top/consultants/export'),
  'main:listTrackingTopPages': aggregate('/tracking/top/pages'),
  'main:exportTrackingTopPages': aggregate('/tracking/top/pages/export'),
  'main:listTrackingTopDocuments': aggregate('/tracking/top/documents'),
  'main:exportTrackingTopDocuments': aggregate('/tracking/top/documents/export'),
  'main:listTrackingDevices': aggregate('/tracking/devices'),
  'main:getTrackingConnectionsTotal': aggregate('/tracking/connections/total'),
  'main:listTrackingConnectionsDays': aggregate('/tracking/connections/days'),
  'main:listTrackingPagesDays': aggregate('/tracking/pages/week'),
  'main:listTrackingPageClicks': aggregate('/tracking/pages/clicks'),
  'main:listTrackingDocuments': aggregate('/tracking/documents'),
  'main:exportTrackingDocuments': aggregate('/tracking/documents/export'),
  'main:exportTrackingPages': aggregate('/tracking/pages/export'),
  'main:exportTrackingClicks': aggregate('/tracking/click/export'),
  'main:exportTrackingSessions': aggregate('/tracking/session/export'),
  'main:listTrackingUserTopPages': userAggregate('/top/pages'),
  'main:listTrackingUserTopDocuments': userAggregate('/top/documents'),
  'main:listTrackingUserDevices': userAggregate('/devices'),
  'main:getTrackingUserConnectionsTotal': userAggregate('/connections/total'),
  'main:listTrackingUserConnectionsDays': userAggregate('/connections/days'),
  'main:listTrackingUserPagesDays': userAggregate('/pages/week'),
  'main:listTrackingUserPageClicks': userAggregate('/pages/clicks'),
  'main:listTrackingUserDocuments': userAggregate('/documents'),
};

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { ApiError } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type TrackingItem = components['schemas']['TrackingItem'];
export type TrackingConnectionDay = components['schemas']['TrackingConnectionDay'];
export type TrackingConnections = components['schemas']['TrackingConnections'];
export type TrackingUser = components['schemas']['TrackingUser'];
export type TrackingUserFilters = NonNullable<
  operations['listTrackingUsers']['parameters']['query']
>;
/**
 * The period (and user) every figure of the analytics reads: `from`, `to`, `userId`. A figure
 * with a `userId` is asked for under `/tracking/users/{id}/…` (spec part 2 §7), an export with
 * its `userId`.
 */
export type TrackingPeriod = NonNullable<operations['listTrackingDevices']['parameters']['query']>;

/**
 * A figure the server answered with an error is not asked again: the same period gives the same
 * answer, and the retries (1 s, then 2 s apart) kept 'Chargement…' on screen for seconds before
 * 'Une erreur est survenue' (issue 41). Only a failure of the network is tried again.
 */
const retryNetworkOnly = (count: number, error: Error) => !(error instanceof ApiError) && count < 2;

/** Key roots (`[operationId]`). */
export const analyticsKeys = {
  listTrackingUsers: ['listTrackingUsers'] as const,
  getTrackingUser: ['getTrackingUser'] as const,
  listTrackingTopConsultants: ['listTrackingTopConsultants'] as const,
  listTrackingTopPages: ['listTrackingTopPages'] as const,
  listTrackingTopDocuments: ['listTrackingTopDocuments'] as const,
  listTrackingDevices: ['listTrackingDevices'] as const,
  getTrackingConnectionsTotal: ['getTrackingConnectionsTotal'] as const,
  listTrackingConnectionsDays: ['listTrackingConnectionsDays'] as const,
  listTrackingPagesDays: ['listTrackingPagesDays'] as const,
  listTrackingPageClicks: ['listTrackingPageClicks'] as const,
  listTrackingDocuments: ['listTrackingDocuments'] as const,
  listTrackingUserTopPages: ['listTrackingUserTopPages'] as const,
  listTrackingUserTopDocuments: ['listTrackingUserTopDocuments'] as const,
  listTrackingUserDevices: ['listTrackingUserDevices'] as const,
  getTrackingUserConnectionsTotal: ['getTrackingUserConnectionsTotal'] as const,
  listTrackingUserConnectionsDays: ['listTrackingUserConnectionsDays'] as const,
  listTrackingUserPagesDays: ['listTrackingUserPagesDays'] as const,
  listTrackingUserPageClicks: ['listTrackingUserPageClicks'] as const,
  listTrackingUserDocuments: ['listTrackingUserDocuments'] as const,
};

/** Tracked users: one page (10, by last name). */
export const listTrackingUsersQuery = (filters: TrackingUserFilters) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingUsers, filters] as const,
    queryFn: getQuery('/tracking/users', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

export const getTrackingUserQuery = (id: number) =>
  queryOptions({
    queryKey: [...analyticsKeys.getTrackingUser, id] as const,
    queryFn: getQuery('/tracking/users/{id}', { params: { path: { id } } }),
  });

export const listTrackingTopConsultantsQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingTopConsultants, period] as const,
    queryFn: getQuery('/tracking/top/consultants', { params: { query: period } }),
    retry: retryNetworkOnly,
  });

type FigurePeriod = Omit<TrackingPeriod, 'userId'>;
type QueryFn<Data> = (context: { signal: AbortSignal }) => Promise<Data>;

/**
 * A figure's query: the network's operation (`key`), or its twin under
 * `/tracking/users/{id}/…` (`userKey`) when the period names a user.
 */
function figureQuery<Data>(
  key: readonly [string],
  userKey: readonly [string],
  network: (query: FigurePeriod) => QueryFn<Data>,
  ofUser: (id: number, query: FigurePeriod) => QueryFn<Data>,
) {
  return ({ userId, ...period }: TrackingPeriod) =>
    queryOptions({
      queryKey: userId ? [...userKey, userId, period] : [...key, period],
      queryFn: userId ? ofUser(userId, period) : network(period),
      retry: retryNetworkOnly,
    });
}

export const listTrackingTopPagesQuery = figureQuery(
  analyticsKeys.listTrackingTopPages,
  analyticsKeys.listTrackingUserTopPages,
  (query) => getQuery('/tracking/top/pages', { params: { query } }),
  (id, query) => getQuery('/tracking/users/{id}/top/pages', { params: { path: { id }, query } }),
);

export const listTrackingTopDocumentsQuery = figureQuery(
  analyticsKeys.listTrackingTopDocuments,
  analyticsKeys.listTrackingUserTopDocuments,
  (query) => getQuery('/tracking/top/documents', { params: { query } }),
  (id, query) =>
    getQuery('/tracking/users/{id}/top/documents', { params: { path: { id }, query } }),
);

export const listTrackingDevicesQuery = figureQuery(
  analyticsKeys.listTrackingDevices,
  analyticsKeys.listTrackingUserDevices,
  (query) => getQuery('/tracking/devices', { params: { query } }),
  (id, query) => getQuery('/tracking/users/{id}/devices', { params: { path: { id }, query } }),
);

export const getTrackingConnectionsTotalQuery = figureQuery(
  analyticsKeys.getTrackingConnectionsTotal,
  analyticsKeys.getTrackingUserConnectionsTotal,
  (query) => getQuery('/tracking/connections/total', { params: { query } }),
  (id, query) =>
    getQuery('/tracking/users/{id}/connections/total', { params: { path: { id }, query } }),
);

export const listTrackingConnectionsDaysQuery = figureQuery(
  analyticsKeys.listTrackingConnectionsDays,
  analyticsKeys.listTrackingUserConnectionsDays,
  (query) => getQuery('/tracking/connections/days', { params: { query } }),
  (id, query) =>
    getQuery('/tracking/users/{id}/connections/days', { params: { path: { id }, query } }),
);

export const listTrackingPagesDaysQuery = figureQuery(
  analyticsKeys.listTrackingPagesDays,
  analyticsKeys.listTrackingUserPagesDays,
  (query) => getQuery('/tracking/pages/week', { params: { query } }),
  (id, query) => getQuery('/tracking/users/{id}/pages/week', { params: { path: { id }, query } }),
);

export const listTrackingPageClicksQuery = figureQuery(
  analyticsKeys.listTrackingPageClicks,
  analyticsKeys.listTrackingUserPageClicks,
  (query) => getQuery('/tracking/pages/clicks', { params: { query } }),
  (id, query) => getQuery('/tracking/users/{id}/pages/clicks', { params: { path: { id }, query } }),
);

export const listTrackingDocumentsQuery = figureQuery(
  analyticsKeys.listTrackingDocuments,
  analyticsKeys.listTrackingUserDocuments,
  (query) => getQuery('/tracking/documents', { params: { query } }),
  (id, query) => getQuery('/tracking/users/{id}/documents', { params: { path: { id }, query } }),
);

type Progress = (receivedBytes: number) => void;

/** The analytics exports, by name: each an .xlsx of the period (and user). */
const EXPORT_PATHS = {
  topConsultants: '/tracking/top/consultants/export',
  topPages: '/tracking/top/pages/export',
  topDocuments: '/tracking/top/documents/export',
  documents: '/tracking/documents/export',
  pages: '/tracking/pages/export',
  clicks: '/tracking/click/export',
  sessions: '/tracking/session/export',
} as const;

export type TrackingExport = keyof typeof EXPORT_PATHS;

export function exportTracking(
  which: TrackingExport,
  period: TrackingPeriod,
  onProgress?: Progress,
): Promise<DownloadedFile> {
  return getDownload(EXPORT_PATHS[which], { params: { query: period } }, { onProgress });
}

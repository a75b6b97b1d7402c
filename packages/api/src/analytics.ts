import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
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
  });

export const listTrackingTopPagesQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserTopPages, userId, period] as const)
      : ([...analyticsKeys.listTrackingTopPages, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/top/pages', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/top/pages', { params: { query: period } }),
  });

export const listTrackingTopDocumentsQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserTopDocuments, userId, period] as const)
      : ([...analyticsKeys.listTrackingTopDocuments, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/top/documents', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/top/documents', { params: { query: period } }),
  });

export const listTrackingDevicesQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserDevices, userId, period] as const)
      : ([...analyticsKeys.listTrackingDevices, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/devices', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/devices', { params: { query: period } }),
  });

export const getTrackingConnectionsTotalQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.getTrackingUserConnectionsTotal, userId, period] as const)
      : ([...analyticsKeys.getTrackingConnectionsTotal, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/connections/total', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/connections/total', { params: { query: period } }),
  });

export const listTrackingConnectionsDaysQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserConnectionsDays, userId, period] as const)
      : ([...analyticsKeys.listTrackingConnectionsDays, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/connections/days', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/connections/days', { params: { query: period } }),
  });

export const listTrackingPagesDaysQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserPagesDays, userId, period] as const)
      : ([...analyticsKeys.listTrackingPagesDays, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/pages/week', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/pages/week', { params: { query: period } }),
  });

export const listTrackingPageClicksQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserPageClicks, userId, period] as const)
      : ([...analyticsKeys.listTrackingPageClicks, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/pages/clicks', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/pages/clicks', { params: { query: period } }),
  });

export const listTrackingDocumentsQuery = ({ userId, ...period }: TrackingPeriod) =>
  queryOptions({
    queryKey: userId
      ? ([...analyticsKeys.listTrackingUserDocuments, userId, period] as const)
      : ([...analyticsKeys.listTrackingDocuments, period] as const),
    queryFn: userId
      ? getQuery('/tracking/users/{id}/documents', {
          params: { path: { id: userId }, query: period },
        })
      : getQuery('/tracking/documents', { params: { query: period } }),
  });

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

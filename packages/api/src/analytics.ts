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
/** The period (and user) every figure of the analytics reads: `from`, `to`, `userId`. */
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

export const listTrackingTopPagesQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingTopPages, period] as const,
    queryFn: getQuery('/tracking/top/pages', { params: { query: period } }),
  });

export const listTrackingTopDocumentsQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingTopDocuments, period] as const,
    queryFn: getQuery('/tracking/top/documents', { params: { query: period } }),
  });

export const listTrackingDevicesQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingDevices, period] as const,
    queryFn: getQuery('/tracking/devices', { params: { query: period } }),
  });

export const getTrackingConnectionsTotalQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.getTrackingConnectionsTotal, period] as const,
    queryFn: getQuery('/tracking/connections/total', { params: { query: period } }),
  });

export const listTrackingConnectionsDaysQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingConnectionsDays, period] as const,
    queryFn: getQuery('/tracking/connections/days', { params: { query: period } }),
  });

export const listTrackingPagesDaysQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingPagesDays, period] as const,
    queryFn: getQuery('/tracking/pages/week', { params: { query: period } }),
  });

export const listTrackingPageClicksQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingPageClicks, period] as const,
    queryFn: getQuery('/tracking/pages/clicks', { params: { query: period } }),
  });

export const listTrackingDocumentsQuery = (period: TrackingPeriod) =>
  queryOptions({
    queryKey: [...analyticsKeys.listTrackingDocuments, period] as const,
    queryFn: getQuery('/tracking/documents', { params: { query: period } }),
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

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type TeamEvent = components['schemas']['TeamEvent'];
export type TeamEventCount = components['schemas']['TeamEventCount'];
export type TeamEventFilters = NonNullable<operations['listTeamEvents']['parameters']['query']>;
type ExportFilters = NonNullable<operations['exportTeamEvents']['parameters']['query']>;

/** Key roots (`[operationId]`). */
export const eventKeys = {
  listTeamEvents: ['listTeamEvents'] as const,
  countTeamEvents: ['countTeamEvents'] as const,
};

/** 'Détail Equipe': a page of the team's participations (25). */
export const listTeamEventsQuery = (filters: TeamEventFilters) =>
  queryOptions({
    queryKey: [...eventKeys.listTeamEvents, filters] as const,
    queryFn: getQuery('/events/team', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** 'Formation Equipe': a page of the counts per agent (10). */
export const countTeamEventsQuery = (filters: TeamEventFilters) =>
  queryOptions({
    queryKey: [...eventKeys.countTeamEvents, filters] as const,
    queryFn: getQuery('/events/count', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

type Progress = (receivedBytes: number) => void;

/** 'Export formation équipe': the counts per agent as an .xlsx. */
export function exportTeamEventCounts(
  filters: ExportFilters,
  onProgress?: Progress,
): Promise<DownloadedFile> {
  return getDownload('/cgps/export/events', { params: { query: filters } }, { onProgress });
}

/** 'Export détail équipe': the participations as an .xlsx. */
export function exportTeamEvents(
  filters: ExportFilters,
  onProgress?: Progress,
): Promise<DownloadedFile> {
  return getDownload('/cgps/export/eventsDetails', { params: { query: filters } }, { onProgress });
}

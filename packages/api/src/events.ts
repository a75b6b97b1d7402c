import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { readDownload, type DownloadedFile } from './shared/download';

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
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/events/team', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
  });

/** 'Formation Equipe': a page of the counts per agent (10). */
export const countTeamEventsQuery = (filters: TeamEventFilters) =>
  queryOptions({
    queryKey: [...eventKeys.countTeamEvents, filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/events/count', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
  });

type Progress = (receivedBytes: number) => void;

/** 'Export formation équipe': the counts per agent as an .xlsx. */
export async function exportTeamEventCounts(
  filters: ExportFilters,
  onProgress?: Progress,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/cgps/export/events', {
    params: { query: filters },
    parseAs: 'stream',
  });
  return readDownload(response, onProgress);
}

/** 'Export détail équipe': the participations as an .xlsx. */
export async function exportTeamEvents(
  filters: ExportFilters,
  onProgress?: Progress,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/cgps/export/eventsDetails', {
    params: { query: filters },
    parseAs: 'stream',
  });
  return readDownload(response, onProgress);
}

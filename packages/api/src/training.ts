import type { components, operations, paths } from './generated/training';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type DownloadedFile, getTrainingDownload } from './shared/download';
import { getTrainingQuery } from './shared/get-query';

export type { components, operations, paths };
export type TrainingModel = components['schemas']['TrainingModel'];

export type TrainingParticipation = components['schemas']['TrainingParticipation'];
export type TrainingHistoryFilters = NonNullable<
  operations['listMyTrainingHistory']['parameters']['query']
>;

/** Key roots (`[operationId]`). */
export const trainingKeys = {
  listTrainingModels: ['listTrainingModels'] as const,
  listMyTrainingHistory: ['listMyTrainingHistory'] as const,
  getMyTrainingTotal: ['getMyTrainingTotal'] as const,
};

/** The training and event models (the history's filter); they do not change during a visit. */
export const listTrainingModelsQuery = () =>
  queryOptions({
    queryKey: [...trainingKeys.listTrainingModels] as const,
    queryFn: async (context) => (await getTrainingQuery('/api/models')(context))['hydra:member'],
    staleTime: Infinity,
  });

/** A page of the caller's trainings and events (25). */
export const listMyTrainingHistoryQuery = (filters: TrainingHistoryFilters) =>
  queryOptions({
    queryKey: [...trainingKeys.listMyTrainingHistory, filters] as const,
    queryFn: getTrainingQuery('/api/users/me/training-history', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** The caller's validated trainings of an exercice, toward the 10 recommended. */
export const getMyTrainingTotalQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: [...trainingKeys.getMyTrainingTotal, year ?? null] as const,
    queryFn: getTrainingQuery('/api/users/me/training-history/total', {
      params: { query: year ? { year } : {} },
    }),
  });

/** `mes_formation.xlsx`: the filtered history. */
export function exportMyTrainingHistory(
  filters: NonNullable<operations['exportMyTrainingHistory']['parameters']['query']>,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  return getTrainingDownload(
    '/api/users/me/training-history/export',
    { params: { query: filters } },
    { onProgress },
  );
}

import {
  exportMyTrainingHistory,
  getMyTrainingTotalQuery,
  listMyTrainingHistoryQuery,
  listTrainingModelsQuery,
  type TrainingHistoryFilters,
  type TrainingParticipation,
} from '@portal/api/training';
import { Gate } from '@portal/auth/guard';
import { Checkbox } from '@portal/ui/checkbox';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  type ApiQuery,
  type StoredGridSpec,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { messages } from './messages';
import {
  ALL_EXERCICES,
  exerciceOfFilter,
  TrainingFilterFields,
  trainingFilterFields,
} from './training-filters';

const GRID: StoredGridSpec = { sortable: [], pageSize: 25, storageKey: 'my-training' };

/** The page's URL: the exercice (the current one unless 'Tous') and the filters. */
const trainingFilters = z.object({
  year: trainingFilterFields.exercice(),
  models: urlFilter.text(),
  city: trainingFilterFields.city(),
  role: trainingFilterFields.status(),
  isValidated: trainingFilterFields.validation(),
});

const modelIds = (models: string) =>
  models
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

/**
 * The URL's query as the training service takes it: 'Tous' is no year at all, and the models
 * kept as `models=1,3` in the URL go as `model[]=1&model[]=3`.
 */
function apiQuery({ year, models, ...query }: ApiQuery): TrainingHistoryFilters {
  const ids = typeof models === 'string' ? modelIds(models) : [];
  return {
    ...(year === undefined || year === ALL_EXERCICES ? {} : { year: Number(year) }),
    ...(ids.length ? { 'model[]': ids } : {}),
    ...query,
  };
}

const columns: DataGridColumn<TrainingParticipation & { id: string }>[] = [
  { field: 'year', header: messages.exercice, value: (row) => row.year, minWidth: 100 },
  {
    field: 'training',
    header: messages.training,
    value: (row) => row.training ?? '',
    alwaysVisible: true,
    minWidth: 220,
  },
  { field: 'event', header: messages.event, value: (row) => row.event ?? '', minWidth: 200 },
  { field: 'city', header: messages.city, value: (row) => row.city, minWidth: 120 },
  { field: 'date', header: messages.date, value: (row) => row.date, format: 'date', minWidth: 120 },
  {
    field: 'status_participant',
    header: messages.statutParticipant,
    value: (row) => messages.participantStatuses[row.status_participant] ?? row.status_participant,
    minWidth: 150,
  },
  {
    field: 'status_inscription',
    header: messages.statutInscription,
    value: (row) => row.status_inscription,
    minWidth: 140,
  },
  {
    field: 'isValidated',
    header: messages.validated,
    value: (row) => (row.isValidated ? messages.yes : messages.no),
    minWidth: 100,
  },
];

/**
 * /my/training (`training_page`): the agent's trainings and events from the training service,
 * the exercice's validated trainings against the 10 recommended, the filters (exercice, models,
 * city, participant status, validation) in the URL, a grid of 25 and `mes_formation.xlsx`
 * (`training_export`).
 */
export function MyTrainingPage() {
  const list = useListScreen({ filters: trainingFilters, grids: [GRID] });
  const grid = list.grid(GRID);
  const { filters } = list;
  // The grid keys rows by `id`; the history's key is the participation's uuid.
  const history = useQuery({
    ...listMyTrainingHistoryQuery(apiQuery(grid.query)),
    select: (data) => ({
      ...data,
      'hydra:member': data['hydra:member'].map((row) => ({ ...row, id: row.uuid })),
    }),
  });
  const year = exerciceOfFilter(filters.year);
  const total = useQuery(getMyTrainingTotalQuery(year));
  const models = useQuery(listTrainingModelsQuery());
  /** The draft's models with `id` in or out, as the URL keeps them. */
  const toggled = (current: string, id: number, on: boolean) => {
    const chosen = modelIds(current);
    return (on ? [...chosen, id] : chosen.filter((other) => other !== id))
      .sort((a, b) => a - b)
      .join(',');
  };
  return (
    <ListScreen
      title={messages.title}
      exportButton={
        <Gate component="training_export">
          <ExportButton
            onExport={(onProgress) => exportMyTrainingHistory(apiQuery(list.query), onProgress)}
          />
        </Gate>
      }
      summary={
        <section
          aria-labelledby="training-total"
          className="space-y-2 rounded-card bg-surface p-4 shadow-sm"
        >
          <h2 id="training-total" className="text-lg font-semibold text-ink">
            {messages.totalTitle(year)}
          </h2>
          <p className="text-2xl font-semibold text-ink" aria-busy={total.isPending}>
            {total.isError
              ? messages.error(total.error.message)
              : total.data
                ? messages.ofRecommended(total.data.total)
                : '…'}
          </p>
          <p className="text-sm text-muted">{messages.totalHint}</p>
        </section>
      }
      filters={
        <ListFilters list={list} label={messages.filtersLabel}>
          {(draft, set) => (
            <>
              <TrainingFilterFields
                labels={messages}
                exercice={{ value: draft.year, onChange: (year) => set({ year }) }}
                city={{ value: draft.city, onChange: (city) => set({ city }) }}
                status={{ value: draft.role, onChange: (role) => set({ role }) }}
                validation={{
                  value: draft.isValidated,
                  onChange: (isValidated) => set({ isValidated }),
                }}
              >
                <fieldset>
                  <legend className="text-sm font-medium text-ink">{messages.models}</legend>
                  <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                    {(models.data ?? []).map((model) => (
                      <Checkbox
                        key={model.id}
                        label={model.name}
                        checked={modelIds(draft.models).includes(model.id)}
                        onChange={(event) =>
                          set({ models: toggled(draft.models, model.id, event.target.checked) })
                        }
                      />
                    ))}
                  </div>
                </fieldset>
              </TrainingFilterFields>
            </>
          )}
        </ListFilters>
      }
    >
      <PagedGrid grid={grid} columns={columns} list={history} texts={messages.grid} />
    </ListScreen>
  );
}

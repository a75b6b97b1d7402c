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
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { exerciceOf } from '../common';
import { DraftFilterForm, ListPage, urlFilter, type UrlFilters, useUrlFilters } from '../list-kit';
import { PagedGrid } from '../list-kit/legacy-paged-grid';
import { messages } from './messages';

const CURRENT = exerciceOf(new Date());
const YEARS = lastYears(CURRENT, 5);
const ALL = 'tous';

/** The page's URL: the exercice (the current one unless 'Tous'), the filters and the page. */
const trainingFilters = z.object({
  year: urlFilter.oneOf([...YEARS.map(String), ALL], String(CURRENT)),
  models: urlFilter.text(),
  city: urlFilter.text(),
  role: urlFilter.oneOf(['', ...Object.keys(messages.participantStatuses)], ''),
  isValidated: urlFilter.oneOf(['', 'true', 'false'] as const, ''),
  page: urlFilter.page(),
});
type Filters = z.output<typeof trainingFilters>;

const modelIds = (models: string) =>
  models
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

function apiFilters(filters: Filters): TrainingHistoryFilters {
  const models = modelIds(filters.models);
  return {
    ...(filters.year !== ALL ? { year: Number(filters.year) } : {}),
    ...(models.length ? { 'model[]': models } : {}),
    ...(filters.city ? { city: filters.city } : {}),
    ...(filters.role ? { role: filters.role as TrainingHistoryFilters['role'] } : {}),
    ...(filters.isValidated ? { isValidated: filters.isValidated === 'true' } : {}),
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
  const { filters, defaults, apply, reset } = useUrlFilters(
    trainingFilters,
  ) as unknown as UrlFilters<Filters>;
  const query = apiFilters(filters);
  // The grid keys rows by `id`; the history's key is the participation's uuid.
  const history = useQuery({
    ...listMyTrainingHistoryQuery({ ...query, page: filters.page, itemsPerPage: 25 }),
    select: (data) => ({
      ...data,
      'hydra:member': data['hydra:member'].map((row) => ({ ...row, id: row.uuid })),
    }),
  });
  const year = filters.year === ALL ? CURRENT : Number(filters.year);
  const total = useQuery(getMyTrainingTotalQuery(year));
  return (
    <ListPage
      title={messages.title}
      action={
        <Gate component="training_export">
          <ExportButton onExport={(onProgress) => exportMyTrainingHistory(query, onProgress)} />
        </Gate>
      }
    >
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
      <TrainingFilters value={filters} defaults={defaults} onApply={apply} onReset={reset} />
      <PagedGrid
        label={messages.grid}
        columns={columns}
        list={history}
        page={filters.page}
        pageSize={25}
        sortable={[]}
        filters={filters}
        apply={apply}
        storageKey="my-training"
        emptyMessage={messages.empty}
        totalLabel={messages.totalRows}
      />
    </ListPage>
  );
}

function TrainingFilters(props: {
  value: Filters;
  defaults: Filters;
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const models = useQuery(listTrainingModelsQuery());
  /** The draft's models with `id` in or out, as the URL keeps them. */
  const toggled = (current: string, id: number, on: boolean) => {
    const chosen = modelIds(current);
    return (on ? [...chosen, id] : chosen.filter((other) => other !== id))
      .sort((a, b) => a - b)
      .join(',');
  };
  return (
    <DraftFilterForm
      {...props}
      label={messages.filtersLabel}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
      submit={(draft) => ({ ...draft, page: 1 })}
    >
      {(draft, set) => (
        <>
          <YearButtons
            label={messages.exercice}
            years={YEARS}
            value={draft.year === ALL ? [] : [Number(draft.year)]}
            onChange={(picked) => set({ year: picked.length ? String(picked[0]) : ALL })}
            allLabel={messages.allYears}
          />
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
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label={messages.city}
              value={draft.city}
              maxLength={120}
              onChange={(event) => set({ city: event.target.value })}
            />
            <SelectField
              label={messages.statutParticipant}
              value={draft.role}
              options={[
                { value: '', label: messages.any },
                ...Object.entries(messages.participantStatuses).map(([code, label]) => ({
                  value: code,
                  label,
                })),
              ]}
              onChange={(event) => set({ role: event.target.value })}
            />
            <SelectField
              label={messages.validation}
              value={draft.isValidated}
              options={[...messages.validations]}
              onChange={(event) =>
                set({ isValidated: event.target.value as Filters['isValidated'] })
              }
            />
          </div>
        </>
      )}
    </DraftFilterForm>
  );
}

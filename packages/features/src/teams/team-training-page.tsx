import {
  countTeamEventsQuery,
  exportTeamEventCounts,
  exportTeamEvents,
  listTeamEventsQuery,
  type TeamEvent,
  type TeamEventCount,
  type TeamEventFilters,
} from '@portal/api/events';
import { Gate } from '@portal/auth/guard';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { EXPORT_BUTTON_LABELS_FR, ExportButton } from '@portal/ui/export-button';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { exerciceOf } from '../common';
import { DraftFilterForm, ListPage, urlFilter, type UrlFilters, useUrlFilters } from '../list-kit';
import { PagedGrid, sortOf } from '../list-kit/legacy-paged-grid';
import { AgentFilterPicker } from '../pickers';
import { trainingMessages as messages } from './training-messages';

const CURRENT = exerciceOf(new Date());
const YEARS = lastYears(CURRENT, 5);
const ALL = 'tous';
const DETAIL_SORTABLE = ['dateDebut', 'consultant', 'ville'] as const;
const DIRECTIONS = ['', 'asc', 'desc'] as const;

/**
 * The report's URL: the exercice (the current one unless 'Tous' is chosen), the filters, the
 * counts table's page (`count.page`) and the detail table's page and sort.
 */
const trainingFilters = z.object({
  exercice: urlFilter.oneOf([...YEARS.map(String), ALL], String(CURRENT)),
  'bddConsultant.idCgp': urlFilter.cgp(),
  ville: urlFilter.text(),
  statut_participant: urlFilter.oneOf(['', ...Object.keys(messages.participantStatuses)], ''),
  validationFormation: urlFilter.oneOf(['', 'true', 'false'] as const, ''),
  'count.page': urlFilter.page(),
  ...Object.fromEntries(
    DETAIL_SORTABLE.map((field) => [`order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ),
  page: urlFilter.page(),
});
type Filters = z.output<typeof trainingFilters> & Record<string, unknown>;

/** The API's filters from the URL's (both tables and both exports share them). */
function apiFilters(filters: Filters): TeamEventFilters {
  return {
    ...(filters.exercice !== ALL ? { exercice: Number(filters.exercice) } : {}),
    ...(filters['bddConsultant.idCgp']
      ? { 'bddConsultant.idCgp': filters['bddConsultant.idCgp'] }
      : {}),
    ...(filters.ville ? { ville: filters.ville } : {}),
    ...(filters.statut_participant
      ? {
          statut_participant: filters.statut_participant as TeamEventFilters['statut_participant'],
        }
      : {}),
    ...(filters.validationFormation
      ? { validationFormation: filters.validationFormation === 'true' }
      : {}),
  };
}

const participant = (status: string) =>
  messages.participantStatuses[status as keyof typeof messages.participantStatuses] ?? status;

const countColumns: DataGridColumn<TeamEventCount>[] = [
  {
    field: 'consultant',
    header: messages.consultant,
    value: (row) => `${row.fullName} (${row.idCgp})`,
    alwaysVisible: true,
    minWidth: 220,
  },
  { field: 'parrain', header: messages.parrain, value: (row) => row.parrain ?? '', minWidth: 170 },
  {
    field: 'formations',
    header: messages.formations,
    value: (row) => messages.ofRecommended(row.formations),
    cellClass: (row) =>
      row.formations >= messages.recommended ? 'font-semibold text-emerald-700' : undefined,
    minWidth: 150,
  },
  { field: 'events', header: messages.events, value: (row) => row.events, format: 'integer' },
  { field: 'total', header: messages.total, value: (row) => row.total, format: 'integer' },
];

const detailColumns: DataGridColumn<TeamEvent>[] = [
  { field: 'exercice', header: messages.exercice, value: (row) => row.exercice, minWidth: 100 },
  {
    field: 'consultant',
    header: messages.consultant,
    value: (row) => `${row.consultant.fullName} (${row.consultant.idCgp})`,
    sortable: true,
    alwaysVisible: true,
    minWidth: 220,
  },
  { field: 'parrain', header: messages.parrain, value: (row) => row.parrain ?? '', minWidth: 170 },
  {
    field: 'formation',
    header: messages.formation,
    value: (row) => row.formation ?? '',
    minWidth: 220,
  },
  { field: 'event', header: messages.event, value: (row) => row.event ?? '', minWidth: 200 },
  {
    field: 'ville',
    header: messages.ville,
    value: (row) => row.ville,
    sortable: true,
    minWidth: 120,
  },
  {
    field: 'dateDebut',
    header: messages.dateDebut,
    value: (row) => row.dateDebut,
    format: 'date',
    sortable: true,
    minWidth: 130,
  },
  {
    field: 'statutParticipant',
    header: messages.statutParticipant,
    value: (row) => participant(row.statutParticipant),
    minWidth: 150,
  },
  {
    field: 'statutInscription',
    header: messages.statutInscription,
    value: (row) => row.statutInscription,
    minWidth: 150,
  },
  {
    field: 'registerDate',
    header: messages.registerDate,
    value: (row) => row.registerDate,
    format: 'date',
    hiddenByDefault: true,
  },
];

/**
 * /my-training-team (`training_team_page`): the trainings and events of the agent's team for
 * an exercice, 'Formation Equipe' (counts per agent, toward the 10 recommended trainings) and
 * 'Détail Equipe' (each participation), the filters and both exports (`training_team_export`).
 */
export function TeamTrainingPage() {
  const { filters, defaults, apply, reset } = useUrlFilters(
    trainingFilters,
  ) as unknown as UrlFilters<Filters>;
  const shared = apiFilters(filters);
  const sort = sortOf(filters, DETAIL_SORTABLE);
  const counts = useQuery(
    countTeamEventsQuery({ ...shared, page: filters['count.page'], itemsPerPage: 10 }),
  );
  const details = useQuery(
    listTeamEventsQuery({
      ...shared,
      page: filters.page,
      itemsPerPage: 25,
      ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
    }),
  );

  return (
    <ListPage
      title={messages.title}
      action={
        <Gate component="training_team_export">
          <div className="flex flex-wrap gap-3">
            <ExportButton
              labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportCounts }}
              onExport={(onProgress) => exportTeamEventCounts(shared, onProgress)}
            />
            <ExportButton
              variant="secondary"
              labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportDetails }}
              onExport={(onProgress) => exportTeamEvents(shared, onProgress)}
            />
          </div>
        </Gate>
      }
    >
      <div className="space-y-1 text-sm text-muted">
        {messages.explanations.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <TrainingFilters value={filters} defaults={defaults} onApply={apply} onReset={reset} />
      <PagedGrid
        title={messages.countsTitle}
        label={messages.countsGrid}
        columns={countColumns}
        list={counts}
        page={filters['count.page']}
        pageSize={10}
        sortable={[]}
        filters={filters}
        apply={apply}
        storageKey="training-team:count"
        emptyMessage={messages.empty}
        totalLabel={messages.totalAgents}
        prefix="count."
      />
      <PagedGrid
        title={messages.detailsTitle}
        label={messages.detailsGrid}
        columns={detailColumns}
        list={details}
        page={filters.page}
        pageSize={25}
        sortable={DETAIL_SORTABLE}
        filters={filters}
        apply={apply}
        storageKey="training-team:detail"
        emptyMessage={messages.empty}
        totalLabel={messages.totalParticipations}
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
  return (
    <DraftFilterForm
      {...props}
      label={messages.filtersLabel}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
      submit={(draft) => ({
        exercice: draft.exercice,
        'bddConsultant.idCgp': draft['bddConsultant.idCgp'],
        ville: draft.ville,
        statut_participant: draft.statut_participant,
        validationFormation: draft.validationFormation,
        page: 1,
        'count.page': 1,
      })}
    >
      {(draft, set) => (
        <>
          <YearButtons
            label={messages.exercice}
            years={YEARS}
            value={draft.exercice === ALL ? [] : [Number(draft.exercice)]}
            onChange={(chosen) => set({ exercice: chosen.length ? String(chosen[0]) : ALL })}
            allLabel={messages.allYears}
          />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <AgentFilterPicker
              label={messages.consultant}
              source="team"
              value={draft['bddConsultant.idCgp']}
              onChange={(idCgp) => set({ 'bddConsultant.idCgp': idCgp })}
            />
            <TextField
              label={messages.ville}
              value={draft.ville}
              maxLength={120}
              onChange={(event) => set({ ville: event.target.value })}
            />
            <SelectField
              label={messages.statutParticipant}
              value={draft.statut_participant}
              options={[
                { value: '', label: messages.any },
                ...Object.entries(messages.participantStatuses).map(([value, label]) => ({
                  value,
                  label,
                })),
              ]}
              onChange={(event) => set({ statut_participant: event.target.value })}
            />
            <SelectField
              label={messages.validation}
              value={draft.validationFormation}
              options={[...messages.validations]}
              onChange={(event) =>
                set({ validationFormation: event.target.value as Filters['validationFormation'] })
              }
            />
          </div>
        </>
      )}
    </DraftFilterForm>
  );
}

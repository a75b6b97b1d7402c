import {
  countTeamEventsQuery,
  exportTeamEventCounts,
  exportTeamEvents,
  listTeamEventsQuery,
  type TeamEvent,
  type TeamEventCount,
} from '@portal/api/events';
import { Gate } from '@portal/auth/guard';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ExportButtons } from '../common';
import {
  type ApiQuery,
  type StoredGridSpec,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { AgentFilterPicker } from '../pickers';
import {
  ALL_EXERCICES,
  CURRENT_EXERCICE,
  TrainingFilterFields,
  trainingFilterFields,
} from '../training';
import { trainingMessages as messages } from './training-messages';

const COUNTS: StoredGridSpec = {
  prefix: 'count.',
  sortable: [],
  pageSize: 10,
  storageKey: 'training-team:count',
};
const DETAILS: StoredGridSpec = {
  sortable: ['dateDebut', 'consultant', 'ville'],
  pageSize: 25,
  storageKey: 'training-team:detail',
};

/**
 * The report's URL: the exercice (the current one unless 'Tous' is chosen) and the filters;
 * the kit adds the counts table's page (`count.page`) and the detail table's page and sort.
 */
const trainingFilters = z.object({
  exercice: trainingFilterFields.exercice(),
  'bddConsultant.idCgp': urlFilter.cgp(),
  ville: trainingFilterFields.city(),
  statut_participant: trainingFilterFields.status(),
  validationFormation: trainingFilterFields.validation(),
});

/** The URL's query as the API takes it: 'Tous' is no exercice at all. */
function withoutAll(query: ApiQuery): ApiQuery {
  if (query.exercice !== ALL_EXERCICES) return query;
  const { exercice: _all, ...rest } = query;
  return rest;
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
  const list = useListScreen({ filters: trainingFilters, grids: [COUNTS, DETAILS] });
  const shared = withoutAll(list.query);
  const countsGrid = list.grid(COUNTS);
  const detailsGrid = list.grid(DETAILS);
  const counts = useQuery(countTeamEventsQuery(withoutAll(countsGrid.query)));
  const details = useQuery(listTeamEventsQuery(withoutAll(detailsGrid.query)));

  return (
    <ListScreen
      title={messages.title}
      exportButton={
        <Gate component="training_team_export">
          <div className="flex flex-wrap gap-3">
            <ExportButtons
              exports={[
                [messages.exportCounts, (progress) => exportTeamEventCounts(shared, progress)],
                [messages.exportDetails, (progress) => exportTeamEvents(shared, progress)],
              ]}
            />
          </div>
        </Gate>
      }
    >
      <div className="space-y-1 text-sm text-muted">
        {messages.explanations.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{messages.exerciceRule(CURRENT_EXERCICE)}</p>
      </div>
      <ListFilters list={list} label={messages.filtersLabel}>
        {(draft, set) => (
          <>
            <TrainingFilterFields
              labels={{ ...messages, city: messages.ville }}
              exercice={{ value: draft.exercice, onChange: (exercice) => set({ exercice }) }}
              city={{ value: draft.ville, onChange: (ville) => set({ ville }) }}
              status={{
                value: draft.statut_participant,
                onChange: (status) => set({ statut_participant: status }),
              }}
              validation={{
                value: draft.validationFormation,
                onChange: (validation) => set({ validationFormation: validation }),
              }}
            >
              <AgentFilterPicker
                label={messages.consultant}
                source="team"
                value={draft['bddConsultant.idCgp']}
                onChange={(idCgp) => set({ 'bddConsultant.idCgp': idCgp })}
              />
            </TrainingFilterFields>
          </>
        )}
      </ListFilters>
      <PagedGrid
        grid={countsGrid}
        columns={countColumns}
        list={counts}
        texts={messages.countsGrid}
      />
      <PagedGrid
        grid={detailsGrid}
        columns={detailColumns}
        list={details}
        texts={messages.detailsGrid}
      />
    </ListScreen>
  );
}

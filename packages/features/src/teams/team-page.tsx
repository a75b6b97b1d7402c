import { getConsultantReferenceQuery } from '@portal/api/agents';
import {
  exportTeamData,
  exportTeamInvestment,
  exportTeamRealEstate,
  exportTeamSales,
  listTeamDirectSalesQuery,
  listTeamSalesQuery,
  type TeamSalesFilters,
} from '@portal/api/teams';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { EXPORT_BUTTON_LABELS_FR, ExportButton } from '@portal/ui/export-button';
import { SelectField } from '@portal/ui/select-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import * as z from 'zod/mini';
import { exerciceOf } from '../common';
import {
  BackLink,
  DraftFilterForm,
  ListPage,
  urlFilter,
  type UrlFilters,
  useUrlFilters,
} from '../list-kit';
import { agentPaths, staffPaths } from '../paths';
import { AgentFilterPicker } from '../pickers';
import { messages } from './messages';
import { TeamCards } from './team-cards';
import { TEAM_SORTABLE, TeamTable, teamColumns, teamOrder } from './team-grid';

const DIRECTIONS = ['', 'asc', 'desc'] as const;
const orders = (prefix: string) =>
  Object.fromEntries(
    TEAM_SORTABLE.map((field) => [`${prefix}order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  );

/**
 * The team page's URL: the agent-or-sponsor filter (`cgpId`, `type`), the exports' exercice,
 * and each table's page and sort (the direct table's keys start with `direct.`).
 */
const teamFilters = z.object({
  cgpId: urlFilter.cgp(),
  type: urlFilter.oneOf(['sponsor', 'agent'] as const, 'sponsor'),
  exercice: urlFilter.years(),
  ...orders(''),
  page: urlFilter.page(),
  ...orders('direct.'),
  'direct.page': urlFilter.page(),
});
type Filters = z.output<typeof teamFilters> & Record<string, unknown>;

export type TeamRoute = {
  scope: 'mine' | 'network';
  agent?: string;
  /** Opened from a customer's record: 'Retour' leads to the customer's agent. */
  customerId?: string;
};

/**
 * /my-team, /team and one agent's team (/my-team/{agentId}/team, /team/{agentId}/team): the
 * exercice's immobilier and placement cards of the whole team, the exports (`team_export`) with
 * their exercice, the filter by agent or sponsor, the direct godchildren (10 a page) and every
 * agent of the team (100 a page). Staff's network view is the second variant: one 'Exporter'
 * and the all-teams table.
 */
export function TeamPage({ scope, agent, customerId }: TeamRoute) {
  const { filters, defaults, apply, reset } = useUrlFilters(
    teamFilters,
  ) as unknown as UrlFilters<Filters>;
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const columns = useMemo(() => teamColumns(paths.teamDetail), [paths]);
  const current = exerciceOf(new Date());
  const network = scope === 'network' && !agent;

  // The filter names another agent or sponsor; otherwise the route's agent (his team).
  const base: TeamSalesFilters = filters.cgpId
    ? { cgpId: filters.cgpId, type: filters.type }
    : agent
      ? { cgpId: agent }
      : {};
  const year = current;
  const direct = useQuery({
    ...listTeamDirectSalesQuery({
      ...base,
      year,
      page: filters['direct.page'],
      itemsPerPage: 10,
      ...teamOrder(filters, 'direct.'),
    }),
    enabled: !network,
  });
  const all = useQuery(
    listTeamSalesQuery({
      ...base,
      year,
      page: filters.page,
      itemsPerPage: 100,
      ...teamOrder(filters),
    }),
  );
  const named = useQuery({
    ...getConsultantReferenceQuery(agent ?? ''),
    enabled: agent !== undefined,
  });
  const title = agent
    ? messages.teamOf(named.data?.fullName ?? agent)
    : scope === 'mine'
      ? messages.myTeamTitle
      : messages.networkTitle;
  const back = agent ? (
    <BackLink
      fallback={customerId ? staffPaths.customerAgent(customerId, agent) : paths.teamDetail(agent)}
      label={messages.back}
    />
  ) : undefined;

  if (agent && named.isSuccess && named.data === null)
    return (
      <ListPage title={title} before={back}>
        <Alert variant="error">
          {scope === 'mine' ? messages.notInTeam : messages.unknownAgent}
        </Alert>
      </ListPage>
    );

  const exportYear = filters.exercice ? Number(filters.exercice) : undefined;
  const teamQuery = { ...base, ...(exportYear ? { year: exportYear } : {}) };
  const exportQuery = {
    ...(agent ? { cgpId: agent } : {}),
    ...(filters.cgpId ? { [filters.type === 'agent' ? 'id' : 'sponsor']: filters.cgpId } : {}),
    ...(exportYear ? { year: exportYear } : {}),
  };

  return (
    <ListPage
      title={title}
      before={back}
      action={
        network ? (
          <Gate component="team_export">
            <ExportButton onExport={(onProgress) => exportTeamSales(teamQuery, onProgress)} />
          </Gate>
        ) : undefined
      }
    >
      <TeamCards year={current} agentId={agent} team />
      <Gate component="team_export">
        <TeamExports
          current={current}
          value={filters.exercice}
          onChange={(exercice) => apply({ exercice })}
          buttons={
            network ? null : (
              <>
                <ExportButton
                  labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportTeam }}
                  onExport={(onProgress) => exportTeamSales(teamQuery, onProgress)}
                />
                <ExportButton
                  variant="secondary"
                  labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportData }}
                  onExport={(onProgress) => exportTeamData(exportQuery, onProgress)}
                />
                <ExportButton
                  variant="secondary"
                  labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportEstate }}
                  onExport={(onProgress) => exportTeamRealEstate(exportQuery, onProgress)}
                />
                <ExportButton
                  variant="secondary"
                  labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportInvestment }}
                  onExport={(onProgress) => exportTeamInvestment(exportQuery, onProgress)}
                />
              </>
            )
          }
        />
      </Gate>
      <TeamFilters value={filters} defaults={defaults} onApply={apply} onReset={reset} />
      {!network && (
        <TeamTable
          title={agent ? messages.directTitleOf : messages.directTitle}
          label={messages.directGrid}
          list={direct}
          page={filters['direct.page']}
          pageSize={10}
          filters={filters}
          apply={apply}
          columns={columns}
          prefix="direct."
          empty={filters.cgpId ? messages.empty : messages.emptyDirect}
        />
      )}
      <TeamTable
        title={network ? messages.networkAllTitle : agent ? messages.allTitleOf : messages.allTitle}
        label={messages.allGrid}
        list={all}
        page={filters.page}
        pageSize={100}
        filters={filters}
        apply={apply}
        columns={columns}
        empty={messages.empty}
      />
    </ListPage>
  );
}

/** The exercice of the exports (the tables always show the current one) and their buttons. */
function TeamExports({
  current,
  value,
  onChange,
  buttons,
}: {
  current: number;
  value: string;
  onChange: (exercice: string) => void;
  buttons: ReactNode;
}) {
  const years = useMemo(() => lastYears(current, 5), [current]);
  return (
    <section
      aria-labelledby="team-exports"
      className="space-y-3 rounded-card bg-surface p-4 shadow-sm"
    >
      <h2 id="team-exports" className="text-lg font-semibold text-ink">
        {messages.exports}
      </h2>
      <p className="text-sm text-muted">{messages.exportsHint}</p>
      <YearButtons
        label={messages.exportYear}
        years={years}
        value={value ? [Number(value)] : []}
        onChange={(chosen) => onChange(chosen.length ? String(chosen[0]) : '')}
        allLabel={messages.allYears}
      />
      {buttons && <div className="flex flex-wrap gap-3">{buttons}</div>}
    </section>
  );
}

function TeamFilters(props: {
  value: Filters;
  defaults: Filters;
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  return (
    <DraftFilterForm
      {...props}
      label={messages.filtersLabel}
      submit={(draft) => ({ cgpId: draft.cgpId, type: draft.type, page: 1, 'direct.page': 1 })}
    >
      {(draft, set) => (
        <div className="grid flex-1 gap-3 sm:grid-cols-2">
          <AgentFilterPicker
            label={messages.agentFilter}
            source="team"
            value={draft.cgpId}
            onChange={(cgpId) => set({ cgpId })}
          />
          <SelectField
            label={messages.filterType}
            options={[...messages.filterTypes]}
            value={draft.type}
            onChange={(event) => set({ type: event.target.value as Filters['type'] })}
          />
        </div>
      )}
    </DraftFilterForm>
  );
}

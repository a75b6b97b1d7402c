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
import { ExportButton } from '@portal/ui/export-button';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import * as z from 'zod/mini';
import { exerciceOf, ExportButtons, TitledSection } from '../common';
import {
  type ApiQuery,
  BackLink,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { AgentFilterPicker } from '../pickers';
import { messages } from './messages';
import { TeamCards } from './team-cards';
import { TeamTable, teamColumns, teamGrid } from './team-grid';

const TYPES = ['sponsor', 'agent'] as const;
/**
 * The team page's URL: the agent-or-sponsor filter (`cgpId`, `type`), the exports' exercice
 * (page state), and each table's page and sort (the direct table's keys start with `direct.`).
 */
const teamFilters = z.object({
  cgpId: urlFilter.cgp(),
  type: urlFilter.oneOf(TYPES, 'sponsor'),
  exercice: urlFilter.years(),
});
const DIRECT = teamGrid(10, 'direct.');
const ALL = teamGrid(100);

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
  const list = useListScreen({ filters: teamFilters, grids: [DIRECT, ALL], state: ['exercice'] });
  const { filters } = list;
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const columns = useMemo(() => teamColumns(paths.teamDetail), [paths]);
  const current = exerciceOf(new Date());
  const network = scope === 'network' && !agent;

  // The filter names another agent or sponsor (its type means nothing without him);
  // otherwise the route's agent (his team). The tables show the current exercice.
  const year = current;
  const base: TeamSalesFilters = filters.cgpId
    ? { cgpId: filters.cgpId, type: filters.type }
    : agent
      ? { cgpId: agent }
      : {};
  const tableQuery = ({ cgpId: _cgpId, type: _type, ...query }: ApiQuery) => ({
    ...base,
    year,
    ...query,
  });
  const direct = useQuery({
    ...listTeamDirectSalesQuery(tableQuery(list.grid(DIRECT).query)),
    enabled: !network,
  });
  const all = useQuery(listTeamSalesQuery(tableQuery(list.grid(ALL).query)));
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
      <ListScreen title={title} before={back}>
        <Alert variant="error">
          {scope === 'mine' ? messages.notInTeam : messages.unknownAgent}
        </Alert>
      </ListScreen>
    );

  const exportYear = filters.exercice ? Number(filters.exercice) : undefined;
  const teamQuery = { ...base, ...(exportYear ? { year: exportYear } : {}) };
  const exportQuery = {
    ...(agent ? { cgpId: agent } : {}),
    ...(filters.cgpId ? { [filters.type === 'agent' ? 'id' : 'sponsor']: filters.cgpId } : {}),
    ...(exportYear ? { year: exportYear } : {}),
  };

  return (
    <ListScreen
      title={title}
      before={back}
      exportButton={
        network ? (
          <Gate component="team_export">
            <ExportButton onExport={(onProgress) => exportTeamSales(teamQuery, onProgress)} />
          </Gate>
        ) : undefined
      }
    >
      {/* The cards follow the agent-or-sponsor filter: his team's, or the agent's own. */}
      <TeamCards
        year={current}
        agentId={filters.cgpId || agent}
        team={!filters.cgpId || filters.type === 'sponsor'}
      />
      <Gate component="team_export">
        <TeamExports
          current={current}
          value={filters.exercice}
          onChange={(exercice) => list.set({ exercice })}
          buttons={
            network ? null : (
              <ExportButtons
                exports={[
                  [messages.exportTeam, (progress) => exportTeamSales(teamQuery, progress)],
                  [messages.exportData, (progress) => exportTeamData(exportQuery, progress)],
                  [
                    messages.exportEstate,
                    (progress) => exportTeamRealEstate(exportQuery, progress),
                  ],
                  [
                    messages.exportInvestment,
                    (progress) => exportTeamInvestment(exportQuery, progress),
                  ],
                ]}
              />
            )
          }
        />
      </Gate>
      <ListFilters
        list={list}
        label={messages.filtersLabel}
        className={FORM_CLASS}
        fieldsClassName="grid flex-1 gap-3 sm:grid-cols-2"
        fields={[
          {
            kind: 'custom',
            key: 'cgpId',
            // 'Son équipe (parrain)' looks among the sponsors (`/temp_cgps`), else the team.
            render: (draft, set) => (
              <AgentFilterPicker
                label={messages.agentFilter}
                source={draft.type === 'sponsor' ? 'sponsors' : 'team'}
                fromAgent={agent}
                value={draft.cgpId}
                onChange={(cgpId) => set({ cgpId })}
              />
            ),
          },
          {
            kind: 'select',
            key: 'type',
            label: messages.filterType,
            options: messages.filterTypes,
          },
        ]}
      />
      {!network && (
        <TeamTable
          texts={{
            ...messages.directGrid,
            title: agent ? messages.directTitleOf : messages.directTitle,
          }}
          grid={list.grid(DIRECT)}
          list={direct}
          columns={columns}
        />
      )}
      <TeamTable
        texts={{
          ...messages.allGrid,
          title: network
            ? messages.networkAllTitle
            : agent
              ? messages.allTitleOf
              : messages.allTitle,
        }}
        grid={list.grid(ALL)}
        list={all}
        columns={columns}
      />
    </ListScreen>
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
    <TitledSection
      id="team-exports"
      title={messages.exports}
      intro={messages.exportsHint}
      className="space-y-3 rounded-card bg-surface p-4 shadow-sm"
    >
      <YearButtons
        label={messages.exportYear}
        years={years}
        value={value ? [Number(value)] : []}
        onChange={(chosen) => onChange(chosen.length ? String(chosen[0]) : '')}
        allLabel={messages.allYears}
      />
      {buttons && <div className="flex flex-wrap gap-3">{buttons}</div>}
    </TitledSection>
  );
}

const FORM_CLASS =
  'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end';

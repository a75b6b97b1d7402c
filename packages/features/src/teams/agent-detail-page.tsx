import { ApiError } from '@portal/api/hydra';
import { getCgpQuery, type CgpDetail } from '@portal/api/session';
import { listTeamDirectSalesQuery } from '@portal/api/teams';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { formatDate, formatEuro } from '@portal/ui/format';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { exerciceOf, Facts, Habilitations, InfoCard, Qualification } from '../common';
import { BackLink, useListScreen } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import { TeamCards } from './team-cards';
import { TeamTable, teamColumns, teamGrid } from './team-grid';

type CgpAgent = CgpDetail['agent'];
type ProfileBlock = Required<
  Pick<
    CgpAgent,
    | 'birthday'
    | 'registerDate'
    | 'phoneNumber'
    | 'email'
    | 'habilitationIobsp'
    | 'habilitationIas'
    | 'habilitationCif'
    | 'oriasNumber'
    | 'oriasEndOfValidity'
    | 'branchesActives'
    | 'vavcTotal'
    | 'level'
    | 'qualification'
  >
>;
/** The profile block, where the spec puts the Agent's fields: whole for a `team_detail_infos` holder, else absent. */
const profileBlock = (agent: CgpAgent) =>
  agent.level === undefined ? null : (agent as CgpAgent & ProfileBlock);

/** The godchildren table: no filter, its page and sort in the URL. */
const NO_FILTERS = z.object({});
const DIRECT = teamGrid(10);

/**
 * /my-team/{agentId} and /team/{agentId} (`team_detail_page`): the agent's name and sponsor,
 * his profile (`team_detail_infos`), his own immobilier and placement of the exercice with the
 * way to his sales, his direct godchildren, and the way to his team page.
 */
export function AgentDetailPage({
  scope,
  agentId,
  customerId,
}: {
  scope: 'mine' | 'network';
  agentId: string;
  /** Opened from a customer's record (`/customers/{id}/team/{agentId}`): links stay there. */
  customerId?: string;
}) {
  const paths = scope === 'mine' ? agentPaths : staffPaths;
  const links = customerId
    ? {
        back: staffPaths.customerDetail(customerId),
        team: (id: string) => staffPaths.customerAgentTeam(customerId, id),
        realEstate: (id: string) => staffPaths.customerAgentRealEstate(customerId, id),
        investment: (id: string) => staffPaths.customerAgentInvestment(customerId, id),
      }
    : {
        back: paths.team,
        team: paths.teamOfAgent,
        realEstate: paths.teamRealEstate,
        investment: paths.teamInvestment,
      };
  const grid = useListScreen({ filters: NO_FILTERS, grids: [DIRECT] }).grid(DIRECT);
  const cgp = useQuery(getCgpQuery(agentId));
  const year = exerciceOf(new Date());
  const direct = useQuery({
    ...listTeamDirectSalesQuery({ cgpId: agentId, year, ...grid.query }),
    enabled: cgp.isSuccess,
  });
  const columns = useMemo(() => teamColumns(paths.teamDetail), [paths]);
  const back = <BackLink fallback={links.back} label={messages.back} />;

  if (cgp.error instanceof ApiError && cgp.error.status === 404)
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold text-ink">{messages.detailTitle}</h1>
        <Alert variant="error">
          {scope === 'mine' ? messages.notInTeam : messages.unknownAgent}
        </Alert>
      </div>
    );
  if (cgp.isError)
    return (
      <div className="space-y-4">
        {back}
        <Alert variant="error">{messages.error(cgp.error.message)}</Alert>
      </div>
    );
  const agent = cgp.data?.agent;
  if (!agent) return <p role="status">{messages.loading}</p>;
  const infos = profileBlock(agent);

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-ink">
            {agent.fullName} <span className="text-muted">({agent.idCgp})</span>
          </h1>
          <p className="text-sm text-muted">
            {messages.sponsorOf} :{' '}
            {agent.sponsor
              ? `${agent.sponsor.fullName} (${agent.sponsor.idCgp})`
              : messages.noSponsor}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {scope === 'network' && (
            <Gate component="invoices_page">
              <ButtonLink href={staffPaths.invoicesTeam(agent.idCgp)} variant="secondary">
                {messages.invoices}
              </ButtonLink>
            </Gate>
          )}
          <ButtonLink href={links.team(agent.idCgp)} variant="secondary">
            {messages.seeTeam}
          </ButtonLink>
        </div>
      </div>
      {infos && (
        <Gate component="team_detail_infos">
          <InfoCard id="agent-profile" title={messages.profile}>
            <Facts
              rows={[
                [messages.birthday, infos.birthday ? formatDate(infos.birthday) : null],
                [messages.registerDate, infos.registerDate ? formatDate(infos.registerDate) : null],
                [messages.phone, infos.phoneNumber],
                [messages.email, infos.email],
                [messages.orias, infos.oriasNumber],
                [
                  messages.oriasEnd,
                  infos.oriasEndOfValidity ? formatDate(infos.oriasEndOfValidity) : null,
                ],
                [messages.branches, infos.branchesActives.join(', ')],
                [messages.vavcTotal, formatEuro(infos.vavcTotal)],
                [
                  messages.qualification,
                  <Qualification key="q" name={infos.qualification} level={infos.level} />,
                ],
              ]}
            />
            <Habilitations
              iobsp={infos.habilitationIobsp}
              ias={infos.habilitationIas}
              cif={infos.habilitationCif}
            />
          </InfoCard>
        </Gate>
      )}
      <TeamCards year={year} agentId={agent.idCgp} team={false} />
      <Gate component="team_detail_real_estate_page">
        <div className="flex flex-wrap gap-3">
          <ButtonLink href={links.realEstate(agent.idCgp)} variant="secondary">
            {messages.seeRealEstate}
          </ButtonLink>
          <ButtonLink href={links.investment(agent.idCgp)} variant="secondary">
            {messages.seeInvestment}
          </ButtonLink>
        </div>
      </Gate>
      <TeamTable
        texts={{ ...messages.directGrid, title: messages.directTitleOf }}
        grid={grid}
        list={direct}
        columns={columns}
      />
    </div>
  );
}

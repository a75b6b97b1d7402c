import { getCgpYearQuery } from '@portal/api/teams';
import { useQuery } from '@tanstack/react-query';
import { SumCard } from '../common';
import { messages } from './messages';

/**
 * The immobilier and placement cards of one exercice (`GET /cgps/year/{year}`): an agent's own
 * sales, or with `team` his and his whole downline's (no agent: the caller's; staff: the network).
 */
export function TeamCards({
  year,
  agentId,
  team,
}: {
  year: number;
  agentId: string | undefined;
  team: boolean;
}) {
  const summaries = useQuery(getCgpYearQuery(year, agentId, team));
  const [immo, placement] = summaries.data ?? [];
  const state = {
    pending: summaries.isPending,
    error: summaries.isError ? summaries.error.message : null,
  };
  return (
    <div className="space-y-4">
      <SumCard
        title={messages.realEstateCard(year)}
        {...state}
        items={[
          [messages.options, immo?.optionsTotal],
          [messages.bookings, immo?.bookingsTotal],
          [messages.financed, immo?.finance],
          [messages.outstanding, immo?.encours],
          [messages.deeds, immo?.deedsTotal],
          [messages.total, immo?.total],
        ]}
      />
      <SumCard
        title={messages.investmentCard(year)}
        {...state}
        items={[
          [messages.outstanding, placement?.encours],
          [messages.validated, placement?.deedsTotal],
          [messages.total, placement?.total],
          [messages.vlp, placement?.vlpTotal],
        ]}
      />
    </div>
  );
}

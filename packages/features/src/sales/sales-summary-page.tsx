import { getSalesRankingQuery } from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate, useSession } from '@portal/auth/guard';
import { formatEuro } from '@portal/ui/format';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from './messages';
import { exerciceOf } from '../common';
import { SalesTotals } from './sales-totals';

type SalesType = 'both' | 'realEstate' | 'investment';
type Statut = 'both' | 'finished' | 'pending';

/** 'Mes statistiques': the agent's rank in the network and his total, by kind and state. */
function MyStatistics({ consultantId }: { consultantId: number }) {
  const id = useId();
  const [salesType, setSalesType] = useState<SalesType>('both');
  const [statut, setStatut] = useState<Statut>('both');
  const ranking = useQuery(getSalesRankingQuery(consultantId, salesType, statut));
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {messages.myStatistics}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={messages.salesType}
          options={[...messages.salesTypes]}
          value={salesType}
          onChange={(e) => setSalesType(e.target.value as SalesType)}
        />
        <SelectField
          label={messages.statut}
          options={[...messages.statuts]}
          value={statut}
          onChange={(e) => setStatut(e.target.value as Statut)}
        />
      </div>
      {ranking.isError ? (
        <p className="mt-3 text-sm text-danger">{messages.error(ranking.error.message)}</p>
      ) : (
        <dl className="mt-4 grid gap-3 sm:grid-cols-2" aria-busy={ranking.isPending}>
          <div className="rounded-lg bg-canvas p-3">
            <dt className="text-sm text-muted">{messages.rank}</dt>
            <dd className="text-2xl font-semibold text-ink">
              {ranking.data ? messages.rankOf(ranking.data.rank, ranking.data.outOf) : '…'}
            </dd>
          </div>
          <div className="rounded-lg bg-canvas p-3">
            <dt className="text-sm text-muted">{messages.myTotal}</dt>
            <dd className="text-2xl font-semibold text-ink">
              {ranking.data ? formatEuro(ranking.data.totalAmount) : '…'}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** /my-sales/summary: the exercice's real-estate and investment tracking, and the agent's rank. */
export function SalesSummaryPage() {
  const consultantId = useSession()?.consultantId ?? null;
  const year = exerciceOf(new Date());
  return (
    <section aria-labelledby="sales-summary-title" className="space-y-4">
      <h1 id="sales-summary-title" tabIndex={-1} className="text-2xl font-semibold text-ink">
        {messages.summaryTitle}
      </h1>
      <Gate component="sales_summary_real_estate">
        <SalesTotals kind="realEstate" title={messages.realEstateTracking(year)} year={year} />
      </Gate>
      <Gate component="sales_summary_investment">
        <SalesTotals kind="investment" title={messages.investmentTracking(year)} year={year} />
      </Gate>
      {consultantId !== null && (
        <Gate component="sales_summary_stats">
          <MyStatistics consultantId={consultantId} />
        </Gate>
      )}
    </section>
  );
}

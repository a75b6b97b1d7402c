import {
  customerHeaders,
  type CustomerInvestmentSale,
  type CustomerRealEstateSale,
  exportCustomer,
  getCustomerQuery,
} from '@portal/api/customers';
import { ApiError } from '@portal/api/hydra';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { ButtonLink } from '@portal/ui/button-link';
import { ExportButton } from '@portal/ui/export-button';
import { formatDate, formatEuro } from '@portal/ui/format';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { BackLink, column, urlFilter, useListScreen } from '../list-kit';
import { WholeListGrid } from '../list-kit/paged-grid';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { exerciceOf } from '../common';
import { messages } from './messages';

/** The record's one filter, the exercices of its sales (`years=2026,2024`, the API's name). */
const detailFilters = z.object({ years: urlFilter.years() });

const realEstate = customerHeaders.realEstate;
const realEstateColumns = (scope: 'mine' | 'network'): DataGridColumn<CustomerRealEstateSale>[] => [
  { ...column('lot', realEstate.lot, (s) => s.lot), alwaysVisible: true },
  { ...column('operationName', realEstate.operationName, (s) => s.operationName), minWidth: 160 },
  column('valoricielId', realEstate.valoricielId, (s) => s.valoricielId),
  ...(scope === 'network'
    ? [column('agent', realEstate.agent, (s: CustomerRealEstateSale) => s.consultant.fullName)]
    : []),
  column('baseRemuneration', realEstate.remuneration, (s) => s.baseRemuneration, 'euros'),
  column('advStatus', realEstate.status, (s) => s.advStatus),
  column('optionDate', realEstate.optionDate, (s) => s.optionDate, 'date'),
  column('bookingSignatureDate', realEstate.bookingDate, (s) => s.bookingSignatureDate, 'date'),
  column('bankAgreementDate', realEstate.bankDate, (s) => s.bankAgreementDate, 'date'),
  column('deedDate', realEstate.deedDate, (s) => s.deedDate, 'date'),
  {
    ...column('cancellationDate', realEstate.cancellationDate, (s) => s.cancellationDate, 'date'),
    hiddenByDefault: true,
  },
];

const investment = customerHeaders.investment;
const investmentColumns = (scope: 'mine' | 'network'): DataGridColumn<CustomerInvestmentSale>[] => [
  {
    ...column('product', investment.product, (s) => s.typeProduitsFin.productName),
    alwaysVisible: true,
    minWidth: 160,
  },
  column('provider', investment.provider, (s) => s.typeProduitsFin.providerName),
  ...(scope === 'network'
    ? [column('agent', investment.agent, (s: CustomerInvestmentSale) => s.consultant.fullName)]
    : []),
  column('amount', investment.amount, (s) => s.amount, 'euros'),
  column('fee', investment.fee, (s) => s.fee, 'percent'),
  column('subscriptionDate', investment.subscriptionDate, (s) => s.subscriptionDate, 'date'),
  column('orderNumber', investment.orderNumber, (s) => s.orderNumber),
  {
    ...column('exercice', investment.exercice, (s) => s.exercice, 'integer'),
    hiddenByDefault: true,
  },
];

/** The customer's four totals, in the order of the list's columns. */
const TOTALS = [
  [customerHeaders.list.dueRealEstate, 'dueRealEstateTotalAmount'],
  [customerHeaders.list.outstandingRealEstate, 'outstandingRealEstateTotalAmount'],
  [customerHeaders.list.actedInvestments, 'actedInvestmentsTotalAmount'],
  [customerHeaders.list.outstandingInvestments, 'outstandingInvestmentsTotalAmount'],
] as const;

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words text-ink">{children || '—'}</dd>
    </div>
  );
}

/**
 * /my-customers/{id} and /customers/{id} (`customers_detail_page`): the information block
 * (`customers_detail_infos`) with the totals, then the real-estate (`customers_detail_real_instate`)
 * and investment (`customers_detail_investment`) sales, all narrowed by the years in the URL.
 */
export function CustomerDetailPage({ id, scope }: { id: string; scope: 'mine' | 'network' }) {
  const { filters, apply } = useListScreen({ filters: detailFilters, grids: [] });
  const customerId = Number(id);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const customer = useQuery({ ...getCustomerQuery(customerId, filters.years), enabled: valid });
  const years = useMemo(() => lastYears(exerciceOf(new Date()), 20), []);
  // Under a sales list (/sales/vlp/clients/12), back to that list; else to the customers.
  const [location] = useLocation();
  const salesList = /\/clients\/[^/]+$/.test(location)
    ? location.replace(/\/clients\/[^/]+$/, '')
    : '';
  const fallback = salesList || (scope === 'mine' ? agentPaths.customers : staffPaths.customers);
  const back = <BackLink fallback={fallback} label={messages.backToList} />;

  if (!valid || (customer.error instanceof ApiError && customer.error.status === 404)) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold text-ink">{messages.myTitle}</h1>
        <Alert variant="error">{messages.notFound}</Alert>
      </div>
    );
  }
  if (customer.isError) {
    return (
      <div className="space-y-4">
        {back}
        <Alert variant="error">{messages.error(customer.error.message)}</Alert>
      </div>
    );
  }
  const data = customer.data;
  if (!data) return <p role="status">{messages.loading}</p>;

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-ink">
          {data.clientLastName} {data.clientFirstName}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {/* The invoices of the customer's agent (docs/decisions/24-invoices-and-their-dispatch.md). */}
          <Gate component={scope === 'mine' ? 'my_invoices_page' : 'invoices_page'}>
            <ButtonLink
              href={
                scope === 'mine'
                  ? agentPaths.myInvoicesClient(customerId)
                  : staffPaths.invoicesClient(customerId)
              }
              variant="secondary"
            >
              {messages.invoices}
            </ButtonLink>
          </Gate>
          <Gate component="customers_detail_export">
            <ExportButton
              onExport={(onProgress) => exportCustomer(customerId, filters.years, onProgress)}
            />
          </Gate>
        </div>
      </div>
      <YearButtons
        label={messages.years}
        years={years}
        value={filters.years ? filters.years.split(',').map(Number) : []}
        onChange={(chosen) => apply({ years: chosen.join(',') })}
        multiple
        allLabel={messages.allYears}
      />
      <Gate component="customers_detail_infos">
        <section aria-labelledby="customer-infos" className="rounded-card bg-surface p-6 shadow-sm">
          <h2 id="customer-infos" className="mb-4 text-lg font-semibold text-ink">
            {messages.infos}
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Info label={customerHeaders.list.clientId}>{data.clientId}</Info>
            <Info label={customerHeaders.list.birthDate}>
              {data.birthDate ? formatDate(data.birthDate) : ''}
            </Info>
            <Info label={customerHeaders.list.email}>{data.email}</Info>
            <Info label={customerHeaders.list.phone}>{data.phone}</Info>
            <Info label={customerHeaders.list.zipCode}>{data.zipCode}</Info>
            <Info label={customerHeaders.list.city}>{data.city}</Info>
            {scope === 'network' && (
              <Info label={customerHeaders.list.agent}>
                <Link
                  href={staffPaths.customerAgent(customerId, data.consultant.idCgp)}
                  className="font-semibold text-brand-700 underline"
                >
                  {data.consultant.fullName} ({data.consultant.idCgp})
                </Link>
              </Info>
            )}
            {TOTALS.map(([label, total]) => (
              <Info key={total} label={label}>
                {formatEuro(data[total])}
              </Info>
            ))}
          </dl>
        </section>
      </Gate>
      {data.realEstate && (
        <WholeListGrid
          label={messages.realEstateGrid}
          title={messages.realEstateTitle}
          rows={data.realEstate}
          columns={realEstateColumns(scope)}
          empty={messages.noRealEstate}
          loading={customer.isFetching}
        />
      )}
      {data.investment && (
        <WholeListGrid
          label={messages.investmentGrid}
          title={messages.investmentTitle}
          rows={data.investment}
          columns={investmentColumns(scope)}
          empty={messages.noInvestment}
          loading={customer.isFetching}
        />
      )}
    </div>
  );
}

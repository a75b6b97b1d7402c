import { sql } from 'drizzle-orm';
import { investmentSales, realEstateSales, vlps } from '../db/schema.js';
import { exportColumns, headed } from '../exports/columns.js';
import { agentFullName, clientFullName } from './references.js';
import { sumOf, sumsOver } from './sums.js';
import type { DeclaredColumn, ExportSpec, Query, SumSpec } from './types.js';
import { type VenteOrionRow, ventesOrions } from './ventes-orions.js';
import { type VenteValoricielRow, ventesValoriciels } from './ventes-valoriciels.js';
import { type VlpRow, vlpSales } from './vlps.js';

/**
 * The sales lists' exports and yearly totals, declared over their resources
 * (`ventes-orions.ts`, `ventes-valoriciels.ts`, `vlps.ts`): the same scope and filters.
 */

type WithAgent = { consultant: { lastname: string; firstname: string; cgpId: string } };
type WithClient = { client: { lastName: string; firstName: string } };
type Cell<Row> = Omit<DeclaredColumn<Row>, 'header'>;

/** The seller as the grid shows him (`fullName (idCgp)`); staff's files only. */
const agentCell = <Row extends WithAgent>(): Cell<Row> => ({
  value: (row) => `${agentFullName(row.consultant)} (${row.consultant.cgpId})`,
  width: 30,
  audience: 'staff',
});

const clientCell = <Row extends WithClient>(): Cell<Row> => ({
  value: (row) => clientFullName(row.client),
  width: 26,
});

/** The same columns for every caller (a team's sales: several sellers, for agents too). */
export const everyAudience = <Row>(columns: DeclaredColumn<Row>[]): DeclaredColumn<Row>[] =>
  columns.map(({ audience: _, ...column }) => column);

const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

/** The investment grid's columns (spec part 2 §6), headed by the contract's `x-columns`. */
export const INVESTMENT_COLUMNS = headed<DeclaredColumn<VenteOrionRow>>()(
  exportColumns.exportVentesOrions,
  {
    agent: agentCell(),
    client: clientCell(),
    product: { value: (row) => row.product.name, width: 28 },
    provider: { value: (row) => row.product.providerName, width: 22 },
    operation: { value: (row) => row.operation, width: 14 },
    status: { value: (row) => row.status, width: 12 },
    amount: { value: (row) => row.amount, format: 'euros', width: 14 },
    // Stored in percent (2.5 for 2.5 %); the cell holds the ratio so Excel's % format reads it.
    fee: { value: (row) => row.fee / 100, format: 'percent', width: 10 },
    subscriptionDate: { value: (row) => day(row.subscriptionDate), format: 'date' },
    exercice: { value: (row) => row.exercice, format: 'integer', width: 10 },
    orderNumber: { value: (row) => row.orderNumber, width: 18 },
  },
);

/** The real-estate grid's columns (spec part 2 §6). */
export const REAL_ESTATE_COLUMNS = headed<DeclaredColumn<VenteValoricielRow>>()(
  exportColumns.exportVentesValoriciels,
  {
    agent: agentCell(),
    client: clientCell(),
    operationName: { value: (row) => row.operationName, width: 24 },
    lot: { value: (row) => row.lot, width: 10 },
    type: { value: (row) => row.type, width: 16 },
    status: { value: (row) => row.advStatus, width: 12 },
    amount: { value: (row) => row.amount, format: 'euros', width: 14 },
    remuneration: { value: (row) => row.baseRemuneration, format: 'euros', width: 14 },
    optionDate: { value: (row) => day(row.optionDate), format: 'date', width: 12 },
    bookingDate: { value: (row) => day(row.bookingSignatureDate), format: 'date' },
    bankDate: { value: (row) => day(row.bankAgreementDate), format: 'date' },
    deedDate: { value: (row) => day(row.deedDate), format: 'date', width: 12 },
    cancellationDate: { value: (row) => day(row.cancellationDate), format: 'date', width: 12 },
    lastAction: { value: (row) => day(row.lastAction), format: 'date' },
    exercice: { value: (row) => row.exercice, format: 'integer', width: 10 },
    valoricielId: { value: (row) => row.valoricielId, width: 18 },
  },
);

/** The VLP grid's columns (spec part 2 §2). */
const VLP_COLUMNS = headed<DeclaredColumn<VlpRow>>()(exportColumns.exportVlps, {
  agent: agentCell(),
  client: clientCell(),
  product: { value: (row) => row.product.name, width: 28 },
  provider: { value: (row) => row.product.providerName, width: 22 },
  amount: { value: (row) => row.amount, format: 'euros', width: 14 },
  fee: { value: (row) => row.fee / 100, format: 'percent', width: 10 },
  processingDate: { value: (row) => day(row.processingDate), format: 'date' },
  exercice: { value: (row) => row.exercice, format: 'integer', width: 10 },
});

/** `GET /ventes_orions/export`. */
export const ventesOrionsExport: ExportSpec<typeof ventesOrions.fields, VenteOrionRow> = {
  resource: ventesOrions,
  sheet: 'Placements',
  file: { label: 'placements' },
  columns: INVESTMENT_COLUMNS,
};

/** `GET /ventes_valoriciels/export`. */
export const ventesValoricielsExport: ExportSpec<
  typeof ventesValoriciels.fields,
  VenteValoricielRow
> = {
  resource: ventesValoriciels,
  sheet: 'Immobilier',
  file: { label: 'immobilier' },
  columns: REAL_ESTATE_COLUMNS,
};

/** `GET /vlps/export`. */
export const vlpsExport: ExportSpec<typeof vlpSales.fields, VlpRow> = {
  resource: vlpSales,
  sheet: 'VLP',
  file: { label: 'vlp' },
  columns: VLP_COLUMNS,
};

/**
 * A yearly total reads the list's scope and filters narrowed to the exercice of the path (and
 * `cgpId`, one agent of the caller's team): one aggregation, whatever the number of sales.
 */
const exerciceOfPath = ({ query, params }: { query: Query; params: Query }): Query => ({
  ...(query.cgpId === undefined ? {} : { cgpId: query.cgpId }),
  exercice: String(params.year),
});

const RE_STATUS = realEstateSales.advStatus;
const RE_AMOUNT = realEstateSales.amount;

/** `GET /ventes_valoriciels/year/{year}`: real estate by state, under way and in all. */
export const ventesValoricielsYear: SumSpec<Record<string, number>> = {
  parts: [
    sumsOver(ventesValoriciels, {
      optionsTotal: sumOf(RE_AMOUNT, sql`${RE_STATUS} = 'Optionné'`),
      bookingsTotal: sumOf(RE_AMOUNT, sql`${RE_STATUS} = 'Réservé'`),
      finance: sumOf(RE_AMOUNT, sql`${RE_STATUS} = 'Financé'`),
      deedsTotal: sumOf(RE_AMOUNT, sql`${RE_STATUS} = 'Acté'`),
    }),
  ],
  parameters: exerciceOfPath,
  answer: ({ optionsTotal = 0, bookingsTotal = 0, finance = 0, deedsTotal = 0 }, parameters) => {
    const encours = optionsTotal + bookingsTotal + finance;
    return {
      year: Number(parameters.exercice),
      optionsTotal,
      bookingsTotal,
      finance,
      deedsTotal,
      encours,
      total: encours + deedsTotal,
    };
  },
};

/** `GET /vlps/year/{year}`: the VLP total (reversals included). */
export const vlpsYear: SumSpec<Record<string, number>> = {
  parts: [sumsOver(vlpSales, { total: sumOf(vlps.amount) })],
  parameters: exerciceOfPath,
  answer: ({ total = 0 }, parameters) => ({ year: Number(parameters.exercice), total }),
};

/** `GET /ventes_orions/year/{year}`: investment under way (Encours) and done. */
export const ventesOrionsYear: SumSpec<Record<string, number>> = {
  parts: [
    sumsOver(ventesOrions, {
      optionsTotal: sumOf(investmentSales.amount, sql`${investmentSales.status} = 'Encours'`),
      deedsTotal: sumOf(
        investmentSales.amount,
        sql`${investmentSales.status} in ('Validé', 'Terminé')`,
      ),
    }),
  ],
  parameters: exerciceOfPath,
  answer: ({ optionsTotal = 0, deedsTotal = 0 }, parameters) => ({
    year: Number(parameters.exercice),
    optionsTotal,
    deedsTotal,
    total: optionsTotal + deedsTotal,
  }),
};

import { sql } from 'drizzle-orm';
import { investmentSales, realEstateSales, vlps } from '../db/schema.js';
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

/** The seller: staff's files only (an agent's own sales are all his). */
const agentColumn = <Row extends WithAgent>(): DeclaredColumn<Row> => ({
  header: 'Mandataire',
  value: (row) =>
    `${row.consultant.lastname} ${row.consultant.firstname} (${row.consultant.cgpId})`,
  width: 30,
  audience: 'staff',
});

const clientColumn = <Row extends WithClient>(): DeclaredColumn<Row> => ({
  header: 'Client',
  value: (row) => `${row.client.lastName} ${row.client.firstName}`,
  width: 26,
});

/** The same columns for every caller (a team's sales: several sellers, for agents too). */
export const everyAudience = <Row>(columns: DeclaredColumn<Row>[]): DeclaredColumn<Row>[] =>
  columns.map(({ audience: _, ...column }) => column);

const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

/** The investment grid's columns (spec part 2 §6). */
export const INVESTMENT_COLUMNS: DeclaredColumn<VenteOrionRow>[] = [
  agentColumn(),
  clientColumn(),
  { header: 'Produit', value: (row) => row.product.name, width: 28 },
  { header: 'Fournisseur', value: (row) => row.product.providerName, width: 22 },
  { header: 'Opération', value: (row) => row.operation, width: 14 },
  { header: 'Statut', value: (row) => row.status, width: 12 },
  { header: 'Montant', value: (row) => row.amount, format: 'euros', width: 14 },
  // Stored in percent (2.5 for 2.5 %); the cell holds the ratio so Excel's % format reads it.
  { header: 'Frais', value: (row) => row.fee / 100, format: 'percent', width: 10 },
  { header: 'Date de souscription', value: (row) => day(row.subscriptionDate), format: 'date' },
  { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  { header: 'N° de commande', value: (row) => row.orderNumber, width: 18 },
];

/** The real-estate grid's columns (spec part 2 §6). */
export const REAL_ESTATE_COLUMNS: DeclaredColumn<VenteValoricielRow>[] = [
  agentColumn(),
  clientColumn(),
  { header: 'Opération', value: (row) => row.operationName, width: 24 },
  { header: 'Lot', value: (row) => row.lot, width: 10 },
  { header: 'Type', value: (row) => row.type, width: 16 },
  { header: 'Statut', value: (row) => row.advStatus, width: 12 },
  { header: 'Prix', value: (row) => row.amount, format: 'euros', width: 14 },
  { header: 'Rémunération', value: (row) => row.baseRemuneration, format: 'euros', width: 14 },
  { header: 'Option', value: (row) => day(row.optionDate), format: 'date', width: 12 },
  {
    header: 'Signature réservation',
    value: (row) => day(row.bookingSignatureDate),
    format: 'date',
  },
  { header: 'Accord bancaire', value: (row) => day(row.bankAgreementDate), format: 'date' },
  { header: 'Acte', value: (row) => day(row.deedDate), format: 'date', width: 12 },
  { header: 'Désistement', value: (row) => day(row.cancellationDate), format: 'date', width: 12 },
  { header: 'Dernière action', value: (row) => day(row.lastAction), format: 'date' },
  { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  { header: 'Référence Valoriciel', value: (row) => row.valoricielId, width: 18 },
];

/** The VLP grid's columns (spec part 2 §2). */
const VLP_COLUMNS: DeclaredColumn<VlpRow>[] = [
  agentColumn(),
  clientColumn(),
  { header: 'Produit', value: (row) => row.product.name, width: 28 },
  { header: 'Fournisseur', value: (row) => row.product.providerName, width: 22 },
  { header: 'Montant', value: (row) => row.amount, format: 'euros', width: 14 },
  { header: 'Frais', value: (row) => row.fee / 100, format: 'percent', width: 10 },
  { header: 'Date de traitement', value: (row) => day(row.processingDate), format: 'date' },
  { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
];

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

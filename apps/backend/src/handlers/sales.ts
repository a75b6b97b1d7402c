import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import { principalOf } from '../auth/principal.js';
import { investmentSales } from '../db/schema.js';
import { xlsxAttachment } from '../exports/responses.js';
import { type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { whereOf, withJoins } from '../resources/collection.js';
import { exportRows } from '../resources/export-rows.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { type VenteOrionRow, ventesOrions } from '../resources/ventes-orions.js';
import type { Deps, HandlerMap } from './deps.js';

/** The investment grid's columns (spec part 2 §6), the agent's only for staff. */
function investmentColumns(withAgent: boolean): ExportColumn<VenteOrionRow>[] {
  return [
    ...(withAgent
      ? [
          {
            header: 'Mandataire',
            value: (row: VenteOrionRow) =>
              `${row.consultant.lastname} ${row.consultant.firstname} (${row.consultant.cgpId})`,
            width: 30,
          },
        ]
      : []),
    {
      header: 'Client',
      value: (row) => `${row.client.lastName} ${row.client.firstName}`,
      width: 26,
    },
    { header: 'Produit', value: (row) => row.product.name, width: 28 },
    { header: 'Fournisseur', value: (row) => row.product.providerName, width: 22 },
    { header: 'Opération', value: (row) => row.operation, width: 14 },
    { header: 'Statut', value: (row) => row.status, width: 12 },
    { header: 'Montant', value: (row) => row.amount, format: 'euros', width: 14 },
    // Stored in percent (2.5 for 2.5 %); the cell holds the ratio so Excel's % format reads it.
    { header: 'Frais', value: (row) => row.fee / 100, format: 'percent', width: 10 },
    {
      header: 'Date de souscription',
      value: (row) => (row.subscriptionDate ? new Date(`${row.subscriptionDate}T00:00:00Z`) : null),
      format: 'date',
    },
    { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
    { header: 'N° de commande', value: (row) => row.orderNumber, width: 18 },
  ];
}

/** Investment sales, served by the resource layer (`resources/ventes-orions.ts`). */
export function salesHandlers({ db }: Deps): HandlerMap {
  return {
    listVentesOrions: listHandler(db, ventesOrions),
    getVenteOrion: itemHandler(db, ventesOrions),
    exportVentesOrions: async (context) => {
      const principal = principalOf(context);
      const rows = await exportRows(ventesOrions, { db, principal, query: context.query });
      const { isAgent } = await accessOf(db, principal);
      const file = xlsxStream({
        sheetName: 'Placements',
        columns: investmentColumns(!isAgent),
        rows,
      });
      return xlsxAttachment(context, 'placements', file);
    },
    getVentesOrionsYear: async (context) => {
      const year = Number(context.params.year);
      // The list's own scope and filters, narrowed to the exercice: one aggregation.
      const where = await whereOf(ventesOrions, {
        db,
        principal: principalOf(context),
        query: {
          ...(context.query.cgpId === undefined ? {} : { cgpId: context.query.cgpId }),
          exercice: String(year),
        },
      });
      const [totals] = (await withJoins(
        db
          .select({
            optionsTotal: sql<number>`coalesce(sum(${investmentSales.amount}) filter (where ${investmentSales.status} = 'Encours'), 0)::float8`,
            deedsTotal: sql<number>`coalesce(sum(${investmentSales.amount}) filter (where ${investmentSales.status} in ('Validé', 'Terminé')), 0)::float8`,
          })
          .from(investmentSales)
          .$dynamic() as unknown as PgSelect,
        ventesOrions,
        where.joins,
      ).where(where.condition)) as { optionsTotal: number; deedsTotal: number }[];
      const optionsTotal = Number(totals?.optionsTotal ?? 0);
      const deedsTotal = Number(totals?.deedsTotal ?? 0);
      return {
        status: 200,
        body: { year, optionsTotal, deedsTotal, total: optionsTotal + deedsTotal },
      };
    },
  };
}

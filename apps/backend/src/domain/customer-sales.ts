import { and, asc, type Column, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  agents,
  financialProducts,
  financialProviders,
  investmentSales,
  realEstateSales,
} from '../db/schema.js';
import { consultantFields, consultantReference } from '../resources/references.js';
import { realEstateProgressFields } from '../resources/sale-clients.js';
import { inSaleScope, type SaleScope } from './sale-scope.js';

/**
 * The sales of `customerId` in `years` (all without), those of `scope` only (an agent's and his
 * downline's, not another agent's sales to the same customer).
 */
const ofCustomer = (
  sale: { customerId: Column; exercice: Column; agentId: Column },
  customerId: number,
  years: number[] | undefined,
  scope: SaleScope,
) =>
  and(
    eq(sale.customerId, customerId),
    years ? inArray(sale.exercice, years) : undefined,
    inSaleScope(sale.agentId, scope),
  ) as SQL;

/** A customer's real-estate sales, last action first (spec part 1 §3 rows), of `scope` only. */
export async function customerRealEstateSales(
  db: Database,
  customerId: number,
  years: number[] | undefined,
  scope: SaleScope,
) {
  const rows = await db
    .select({
      id: realEstateSales.id,
      lot: realEstateSales.lot,
      operationName: realEstateSales.operationName,
      valoricielId: realEstateSales.valoricielId,
      ...realEstateProgressFields,
      exercice: realEstateSales.exercice,
      consultant: consultantFields,
    })
    .from(realEstateSales)
    .innerJoin(agents, eq(agents.id, realEstateSales.agentId))
    .where(ofCustomer(realEstateSales, customerId, years, scope))
    .orderBy(desc(realEstateSales.lastAction), asc(realEstateSales.id));
  return rows.map((row) => ({ ...row, consultant: consultantReference(row.consultant) }));
}

/** A customer's investment sales, latest subscription first, those of `scope` only. */
export async function customerInvestmentSales(
  db: Database,
  customerId: number,
  years: number[] | undefined,
  scope: SaleScope,
) {
  const rows = await db
    .select({
      id: investmentSales.id,
      productName: financialProducts.name,
      providerName: financialProviders.name,
      amount: investmentSales.amount,
      fee: investmentSales.fee,
      subscriptionDate: investmentSales.subscriptionDate,
      orderNumber: investmentSales.orderNumber,
      exercice: investmentSales.exercice,
      consultant: consultantFields,
    })
    .from(investmentSales)
    .innerJoin(agents, eq(agents.id, investmentSales.agentId))
    .innerJoin(financialProducts, eq(financialProducts.id, investmentSales.productId))
    .innerJoin(financialProviders, eq(financialProviders.id, financialProducts.providerId))
    .where(ofCustomer(investmentSales, customerId, years, scope))
    .orderBy(desc(investmentSales.subscriptionDate), asc(investmentSales.id));
  return rows.map(({ productName, providerName, consultant: agent, ...row }) => ({
    ...row,
    typeProduitsFin: { productName, providerName },
    consultant: consultantReference(agent),
  }));
}

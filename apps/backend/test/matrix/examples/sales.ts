import { financialProducts, realEstateSales, vlps } from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { nothingOutOfScope, onlyTheHeaderRow } from './shared.js';
import type { Example } from './types.js';

const saleOf = (fx: Fixtures, cgpId: string) =>
  fx.sales.sales.find((s) => s.agentCgp === cgpId)!.id;

const customerOf = (fx: Fixtures, cgpId: string) =>
  fx.sales.customers.find((c) => c.agentCgp === cgpId)!.id;

/** A real-estate sale of the agent `cgpId`: its id. */
async function realEstateSaleOf(fx: Fixtures, cgpId: string) {
  const [row] = await fx.ctx.db
    .insert(realEstateSales)
    .values({
      valoricielId: `VAL-MATRICE-${fx.unique()}`,
      agentId: fx.sales.agentIds.get(cgpId)!,
      customerId: customerOf(fx, cgpId),
      type: 'Pinel',
      lot: 'Lot 1',
      operationName: 'Le Clos',
      amount: 200_000,
      baseRemuneration: 9000,
      advStatus: 'Réservé',
      lastAction: '2026-01-10',
      exercice: 2026,
    })
    .returning();
  return row!.id;
}

/** A VLP sale of the agent `cgpId`: its id. */
async function vlpOf(fx: Fixtures, cgpId: string) {
  const [product] = await fx.ctx.db.select().from(financialProducts).limit(1);
  const [row] = await fx.ctx.db
    .insert(vlps)
    .values({
      agentId: fx.sales.agentIds.get(cgpId)!,
      customerId: customerOf(fx, cgpId),
      productId: product!.id,
      amount: 2_500,
      fee: 1,
      processingDate: '2026-02-01',
      exercice: 2026,
    })
    .returning();
  return row!.id;
}

export const salesExamples: Record<string, Example> = {
  'main:getVenteValoriciel': {
    request: async ({ fx }) => ({
      path: `/ventes_valoriciels/${await realEstateSaleOf(fx, 'CGP0001')}`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/ventes_valoriciels/${await realEstateSaleOf(fx, 'CGP0099')}`,
      }),
      status: 404,
    },
  },
  'main:getVlp': {
    request: async ({ fx }) => ({ path: `/vlps/${await vlpOf(fx, 'CGP0001')}` }),
    foreign: {
      request: async ({ fx }) => ({ path: `/vlps/${await vlpOf(fx, 'CGP0099')}` }),
      status: 404,
    },
  },
  'main:listVentesOrions': {
    request: () => ({ path: '/ventes_orions?page=1&itemsPerPage=5&order[subscriptionDate]=desc' }),
    foreign: [
      { request: () => ({ path: '/ventes_orions?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/ventes_orions?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:getVenteOrion': {
    request: ({ fx }) => ({ path: `/ventes_orions/${saleOf(fx, 'CGP0001')}` }),
    foreign: {
      request: ({ fx }) => ({ path: `/ventes_orions/${saleOf(fx, 'CGP0099')}` }),
      status: 404,
    },
  },
  'main:exportVentesOrions': {
    request: () => ({ path: '/ventes_orions/export?order[amount]=desc&status=Encours' }),
    foreign: [
      { request: () => ({ path: '/ventes_orions/export?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/ventes_orions/export?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: onlyTheHeaderRow,
      },
    ],
  },
  'main:getVentesOrionsYear': {
    request: () => ({ path: '/ventes_orions/year/2026' }),
    foreign: { request: () => ({ path: '/ventes_orions/year/2026?cgpId=CGP0099' }), status: 403 },
  },
  'main:getRealEstateTool': {
    request: () => ({ path: '/sales/real-estate/tool' }),
    foreign: 'configuration: the same tool for everyone',
  },
  'main:getSalesRanking': {
    request: ({ fx }) => ({
      path: `/sales/ranking/${fx.sales.agentIds.get('CGP0001')}?salesType=investment&statut=finished`,
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/sales/ranking/${fx.sales.agentIds.get('CGP0099')}` }),
      status: 403,
    },
  },
  'main:listVentesValoriciels': {
    request: () => ({ path: '/ventes_valoriciels?page=1&order[lastAction]=desc' }),
    foreign: [
      { request: () => ({ path: '/ventes_valoriciels?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/ventes_valoriciels?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:exportVentesValoriciels': {
    request: () => ({ path: '/ventes_valoriciels/export?advStatus=Acté' }),
    foreign: [
      { request: () => ({ path: '/ventes_valoriciels/export?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/ventes_valoriciels/export?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: onlyTheHeaderRow,
      },
    ],
  },
  'main:getVentesValoricielsYear': {
    request: () => ({ path: '/ventes_valoriciels/year/2025' }),
    foreign: {
      request: () => ({ path: '/ventes_valoriciels/year/2025?cgpId=CGP0099' }),
      status: 403,
    },
  },
  'main:listVlps': {
    request: () => ({ path: '/vlps?page=1&order[exercice]=asc' }),
    foreign: [
      { request: () => ({ path: '/vlps?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/vlps?consultant.id=${fx.sales.agentIds.get('CGP0099')}` }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:exportVlps': {
    request: () => ({ path: '/vlps/export?exercice=2026' }),
    foreign: [
      { request: () => ({ path: '/vlps/export?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/vlps/export?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: onlyTheHeaderRow,
      },
    ],
  },
  'main:getVlpsYear': {
    request: () => ({ path: '/vlps/year/2026' }),
    foreign: { request: () => ({ path: '/vlps/year/2026?cgpId=CGP0099' }), status: 403 },
  },
};

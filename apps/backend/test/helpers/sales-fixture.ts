import { afterAll, beforeAll } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { createTestContext, type TestContext } from './context.js';
import {
  agents,
  customers,
  financialProducts,
  financialProviders,
  investmentSales,
  realEstateSales,
  reminders,
  type InvestmentOperation,
  type InvestmentStatus,
  type RealEstateStatus,
} from '../../src/db/schema.js';
import { exerciceOf } from '../../src/domain/exercice.js';

/**
 * A small, hand-checkable network on top of the demo accounts: Claire (CGP0001) sponsors
 * Julien (CGP0002) who sponsors Lucas (CGP0004); Olivier (CGP0099) is outside her tree.
 */
export interface FixtureSale {
  id: number;
  agentCgp: string;
  agentId: number;
  customerId: number;
  productName: string;
  providerName: string;
  amount: number;
  fee: number;
  status: InvestmentStatus;
  operation: InvestmentOperation;
  subscriptionDate: string;
  exercice: number;
}

export interface FixtureCustomer {
  id: number;
  agentCgp: string;
  lastName: string;
  firstName: string;
  zipCode: string;
}

export interface SalesFixture {
  agentIds: Map<string, number>;
  sales: FixtureSale[];
  customers: FixtureCustomer[];
}

const PRODUCTS = [
  { provider: 'Generali', name: 'Épargne Plus', category: 'Assurance vie' },
  { provider: 'Cardif', name: 'SCPI Pierre Rendement', category: 'SCPI' },
  { provider: 'Suravenir', name: 'PER Horizon', category: 'PER' },
];
const STATUSES: InvestmentStatus[] = ['Validé', 'Encours', 'Terminé', 'Annulé'];
const CGPS = ['CGP0001', 'CGP0002', 'CGP0004', 'CGP0099'];
const LAST_NAMES = ['Bernard', 'Dubois', 'Garnier', 'Lambert', 'Roux', 'Vincent'];
const FIRST_NAMES = ['Alice', 'Bruno', 'Chloé'];

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function insertSalesFixture(db: Database): Promise<SalesFixture> {
  const [claire] = await db
    .select()
    .from(agents)
    .where(inArray(agents.cgpId, ['CGP0001']));
  const [outsider] = await db
    .insert(agents)
    .values({
      cgpId: 'CGP0099',
      firstname: 'Olivier',
      lastname: 'Marchand',
      email: 'olivier.marchand@example.fr',
      sponsorId: null,
    })
    .returning();
  const agentRows = await db.select().from(agents).where(inArray(agents.cgpId, CGPS));
  const agentIds = new Map(agentRows.map((a) => [a.cgpId, a.id]));
  if (!claire || !outsider || agentIds.size !== 4) throw new Error('demo agents missing');

  const providers = await db
    .insert(financialProviders)
    .values(PRODUCTS.map((p) => ({ name: p.provider })))
    .returning();
  const products = await db
    .insert(financialProducts)
    .values(
      PRODUCTS.map((p, i) => ({
        providerId: providers[i]!.id,
        name: p.name,
        category: p.category,
      })),
    )
    .returning();

  const customerValues = CGPS.flatMap((cgp, a) =>
    FIRST_NAMES.map((firstName, c) => ({
      clientId: `CLI${String(a * 10 + c).padStart(4, '0')}`,
      agentId: agentIds.get(cgp)!,
      lastName: LAST_NAMES[(a + c) % LAST_NAMES.length]!,
      firstName,
      zipCode: `${75001 + a * 1000 + c}`,
      city: 'Paris',
    })),
  );
  const customerRows = await db.insert(customers).values(customerValues).returning();
  const fixtureCustomers = customerRows.map((c, i) => ({
    id: c.id,
    agentCgp: CGPS[Math.floor(i / FIRST_NAMES.length)]!,
    lastName: c.lastName,
    firstName: c.firstName,
    zipCode: c.zipCode!,
  }));

  const saleValues = Array.from({ length: 24 }, (_, i) => {
    const agentIndex = i % CGPS.length;
    const customer = customerRows[agentIndex * FIRST_NAMES.length + (i % FIRST_NAMES.length)]!;
    const subscriptionDate = addDays('2023-09-01', i * 30);
    return {
      orderNumber: `ORD-${String(i + 1).padStart(5, '0')}`,
      agentId: agentIds.get(CGPS[agentIndex]!)!,
      customerId: customer.id,
      productId: products[i % products.length]!.id,
      type: PRODUCTS[i % products.length]!.category,
      operation: (i % 3 === 0 ? 'Versement' : 'Souscription') as InvestmentOperation,
      status: STATUSES[i % STATUSES.length]!,
      amount: 1000 * (i + 1),
      fee: (i % 5) * 0.5 + 0.5,
      subscriptionDate,
      exercice: exerciceOf(subscriptionDate),
    };
  });
  const saleRows = await db.insert(investmentSales).values(saleValues).returning();
  const sales = saleRows.map((row, i) => ({
    id: row.id,
    agentCgp: CGPS[i % CGPS.length]!,
    agentId: row.agentId,
    customerId: row.customerId,
    productName: PRODUCTS[i % PRODUCTS.length]!.name,
    providerName: PRODUCTS[i % PRODUCTS.length]!.provider,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    operation: row.operation,
    subscriptionDate: row.subscriptionDate,
    exercice: row.exercice,
  }));

  // Real-estate sales for the first customer of each agent, one acted and one under way.
  const first = (a: number) => customerRows[a * FIRST_NAMES.length]!;
  const statuses: RealEstateStatus[] = ['Acté', 'Réservé', 'Désisté'];
  await db.insert(realEstateSales).values(
    CGPS.flatMap((cgp, a) =>
      statuses.map((advStatus, s) => ({
        valoricielId: `VAL-RE-${a}-${s}`,
        agentId: agentIds.get(cgp)!,
        customerId: first(a).id,
        type: 'Pinel',
        lot: `Lot ${a}${s}`,
        operationName: 'Les Terrasses',
        amount: 200_000 + s * 10_000,
        baseRemuneration: 8000,
        advStatus,
        lastAction: '2025-03-01',
        exercice: 2025,
      })),
    ),
  );
  await db.insert(reminders).values([
    {
      title: 'Bilan annuel',
      date: new Date('2020-01-15T09:00:00Z'),
      type: 'personal',
      customerId: first(0).id,
    },
    {
      title: 'Point retraite',
      date: new Date('2099-06-01T09:00:00Z'),
      type: 'personal',
      customerId: first(0).id,
    },
  ]);
  return { agentIds, sales, customers: fixtureCustomers };
}

/**
 * A test file's world for the customer and sales resources: a seeded context with the sales
 * fixture, and the tokens of an administrator and of Claire (CGP0001). Read its fields inside
 * tests (they are set by `beforeAll`).
 */
export function useSalesWorld() {
  const world = {} as {
    ctx: TestContext;
    fixture: SalesFixture;
    staff: string;
    claire: string;
  };
  beforeAll(async () => {
    world.ctx = await createTestContext();
    world.fixture = await insertSalesFixture(world.ctx.db);
    world.staff = await world.ctx.login('admin@reseau-patrimoine.fr');
    world.claire = await world.ctx.login('claire.martin@reseau-patrimoine.fr');
  });
  afterAll(() => world.ctx?.close());
  return world;
}

import {
  customers,
  financialProducts,
  financialProviders,
  investmentSales,
  realEstateSaleSteps,
  realEstateSales,
  vlps,
  type InvestmentStatus,
  type RealEstateStatus,
  type SaleStepType,
} from '../../db/schema.js';
import { exerciceBounds, exerciceOf } from '../../domain/exercice.js';
import { CITIES, type NetworkAgent, type NetworkCustomer, type SeedContext } from './context.js';
import { insertMany, insertReturningIds } from './insert.js';
import { day } from './random.js';
import { digits } from './agents.js';

const PRODUCTS: [provider: string, name: string, category: string][] = [
  ['Generali', 'Espace Lux Vie', 'Assurance vie'],
  ['Generali', 'Generali Patrimoine PER', 'PER'],
  ['Cardif', 'Cardif Elite', 'Assurance vie'],
  ['Cardif', 'Cardif Multiplus Capitalisation', 'Contrat de capitalisation'],
  ['Suravenir', 'Suravenir Rendement PER', 'PER'],
  ['Spirica', 'Spirica Linxea Vie', 'Assurance vie'],
  ['Primonial REIM', 'Primopierre', 'SCPI'],
  ['Primonial REIM', 'Patrimmo Commerce', 'SCPI'],
  ['Corum', 'Corum Origin', 'SCPI'],
  ['Corum', 'Corum XL', 'SCPI'],
  ['La Française', 'LF Grand Paris Patrimoine', 'SCPI'],
  ['Amundi', 'Amundi Immobilier OPCI', 'OPCI'],
  ['Swiss Life', 'Swiss Life Strategic Premium', 'Assurance vie'],
  ['Swiss Life', 'Swiss Life PER Individuel', 'PER'],
  ['AXA', 'AXA Coralis Sélection', 'Assurance vie'],
  ['Oddo BHF', 'Oddo Avenir Europe', 'Compte-titres'],
];
const RE_TYPES = ['Pinel', 'LMNP', 'Résidence principale', 'Déficit foncier', 'Nue-propriété'];
const PROGRAMMES = [
  'Les Jardins de Flore',
  'Le Clos des Vignes',
  'Villa Garonne',
  'Les Terrasses du Lac',
  'Cœur Marine',
  'L’Orée du Parc',
  'Le Carré Saint-Martin',
  'Les Allées Montaigne',
  'Domaine des Cèdres',
  'Quai des Arts',
];

/** Agents drawn with their weights (Claire and her first line sell more). */
function agentPicker(ctx: SeedContext, network: NetworkAgent[]) {
  const cumulative: number[] = [];
  let total = 0;
  for (const agent of network) cumulative.push((total += agent.weight));
  return () => {
    const roll = ctx.random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! > roll) high = mid;
      else low = mid + 1;
    }
    return low;
  };
}

export async function seedCustomers(
  ctx: SeedContext,
  network: NetworkAgent[],
): Promise<NetworkCustomer[]> {
  const { random, faker } = ctx;
  const count = Math.round(5000 * ctx.scale);
  const pickAgent = agentPicker(ctx, network);
  const list: NetworkCustomer[] = [];
  const values = Array.from({ length: count }, (_, i) => {
    const agentIndex = pickAgent();
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const [zipCode, city] = random.pick(CITIES);
    list.push({ id: 0, agentIndex, lastName, firstName });
    return {
      clientId: `CLI${String(i + 1).padStart(6, '0')}`,
      agentId: network[agentIndex]!.id,
      lastName,
      firstName,
      birthDate: day.between(random, '1945-01-01', '2000-12-31'),
      email: random.chance(0.85)
        ? faker.internet.email({ firstName, lastName, provider: 'exemple.fr' }).toLowerCase()
        : null,
      phone: random.chance(0.9) ? `0${random.pick(['6', '7', '1', '4'])}${digits(ctx, 8)}` : null,
      zipCode,
      city,
      createdAt: new Date(`${network[agentIndex]!.registerDate}T10:00:00Z`),
    };
  });
  const ids = await insertReturningIds(ctx.db, customers, values);
  ids.forEach((id, i) => (list[i]!.id = id));
  ctx.rows += count;
  ctx.log(`clients : ${count}`);
  return list;
}

const STEP_ORDER: SaleStepType[] = ['option', 'booking', 'bank_agreement', 'deed'];
const REACHED: Record<number, RealEstateStatus> = {
  1: 'Optionné',
  2: 'Réservé',
  3: 'Financé',
  4: 'Acté',
};

export async function seedSales(
  ctx: SeedContext,
  network: NetworkAgent[],
  clientList: NetworkCustomer[],
): Promise<void> {
  const { db, random } = ctx;
  const total = Math.round(20_000 * ctx.scale);
  const currentExercice = exerciceOf(ctx.today);
  const start = exerciceBounds(currentExercice - 5).start;
  const pickAgent = agentPicker(ctx, network);
  const byAgent = new Map<number, NetworkCustomer[]>();
  for (const c of clientList) byAgent.set(c.agentIndex, [...(byAgent.get(c.agentIndex) ?? []), c]);
  const customerFor = (agentIndex: number) => {
    const own = byAgent.get(agentIndex);
    return own && own.length > 0 ? random.pick(own) : random.pick(clientList);
  };

  const providers = [...new Set(PRODUCTS.map(([p]) => p))];
  const providerIds = await insertReturningIds(
    db,
    financialProviders,
    providers.map((name) => ({ name })),
  );
  const productIds = await insertReturningIds(
    db,
    financialProducts,
    PRODUCTS.map(([provider, name, category]) => ({
      providerId: providerIds[providers.indexOf(provider)]!,
      name,
      category,
    })),
  );

  // Real estate: 40 % of the sales, each walking its steps until today allows.
  const realEstateCount = Math.round(total * 0.4);
  const saleValues: (typeof realEstateSales.$inferInsert)[] = [];
  const steps: { sale: number; type: SaleStepType; date: string }[] = [];
  for (let i = 0; i < realEstateCount; i++) {
    const agentIndex = pickAgent();
    const customer = customerFor(buyerOf(agentIndex));
    const optionDate = day.between(random, start, ctx.today);
    const target = random.weighted([
      [4, 50],
      [3, 10],
      [2, 12],
      [1, 10],
      [0, 18],
    ] as const);
    const dates: string[] = [optionDate];
    let current = optionDate;
    for (let s = 1; s < Math.max(1, target); s++) {
      const next = day.add(
        current,
        random.int(
          ...([
            [0, 0],
            [7, 30],
            [20, 70],
            [30, 120],
          ][s] as [number, number]),
        ),
      );
      if (next > ctx.today) break;
      dates.push(next);
      current = next;
    }
    let status: RealEstateStatus = REACHED[dates.length]!;
    let cancellation: string | null = null;
    if (target === 0) {
      const cancelDate = day.add(current, random.int(5, 60));
      if (cancelDate <= ctx.today) {
        cancellation = cancelDate;
        status = random.chance(0.7) ? 'Désisté' : 'VNR';
      }
    }
    const amount = random.amount(120_000, 650_000, 1000);
    const sale = saleValues.length;
    dates.forEach((date, s) => steps.push({ sale, type: STEP_ORDER[s]!, date }));
    if (cancellation) steps.push({ sale, type: 'cancel', date: cancellation });
    saleValues.push({
      valoricielId: `VAL-RE-${String(i + 1).padStart(7, '0')}`,
      agentId: network[agentIndex]!.id,
      customerId: customer.id,
      type: random.pick(RE_TYPES),
      lot: `${random.pick(['A', 'B', 'C', 'D'])}${random.int(1, 6)}${String(random.int(1, 30)).padStart(2, '0')}`,
      operationName: random.pick(PROGRAMMES),
      amount,
      baseRemuneration: Math.round(amount * random.amount(0.03, 0.06, 0.001)),
      advStatus: status,
      optionDate: dates[0]!,
      bookingSignatureDate: dates[1] ?? null,
      bankAgreementDate: dates[2] ?? null,
      deedDate: dates[3] ?? null,
      cancellationDate: cancellation,
      lastAction: cancellation ?? dates.at(-1)!,
      exercice: exerciceOf(optionDate),
      createdAt: new Date(`${optionDate}T12:00:00Z`),
    });
  }
  const saleIds = await insertReturningIds(db, realEstateSales, saleValues);
  await insertMany(
    db,
    realEstateSaleSteps,
    steps.map((s) => ({ saleId: saleIds[s.sale]!, type: s.type, date: s.date })),
  );
  ctx.rows += saleValues.length + steps.length;
  ctx.log(`ventes immobilier : ${saleValues.length} (${steps.length} étapes)`);

  // Investments: the other 60 %; recent ones are still under way.
  const investments: (typeof investmentSales.$inferInsert)[] = [];
  const vlpValues: (typeof vlps.$inferInsert)[] = [];
  for (let i = 0; i < total - realEstateCount; i++) {
    const agentIndex = pickAgent();
    const customer = customerFor(buyerOf(agentIndex));
    const product = random.int(0, PRODUCTS.length - 1);
    const subscriptionDate = day.between(random, start, ctx.today);
    const ageDays = (Date.parse(ctx.today) - Date.parse(subscriptionDate)) / 86_400_000;
    const operation = random.chance(0.35) ? 'Versement' : 'Souscription';
    const status: InvestmentStatus =
      ageDays < 45
        ? random.weighted([
            ['Encours', 7],
            ['Validé', 2],
            ['Annulé', 1],
          ] as const)
        : random.weighted([
            ['Validé', 6],
            ['Terminé', 3],
            ['Annulé', 1],
            ['Encours', 0.3],
          ] as const);
    const amount =
      operation === 'Souscription'
        ? random.amount(1000, 150_000, 500)
        : random.amount(500, 30_000, 100);
    const fee = random.amount(0, operation === 'Souscription' ? 5 : 3, 0.05);
    const exercice = exerciceOf(subscriptionDate);
    investments.push({
      orderNumber: `ORD-${String(i + 1).padStart(7, '0')}`,
      agentId: network[agentIndex]!.id,
      customerId: customer.id,
      productId: productIds[product]!,
      type: PRODUCTS[product]![2],
      operation,
      status,
      amount,
      fee,
      subscriptionDate,
      exercice,
      createdAt: new Date(`${subscriptionDate}T11:00:00Z`),
    });
    if (status !== 'Annulé' && status !== 'Encours' && random.chance(0.25)) {
      const processingDate = day.min(day.add(subscriptionDate, random.int(10, 60)), ctx.today);
      vlpValues.push({
        agentId: network[agentIndex]!.id,
        customerId: customer.id,
        productId: productIds[product]!,
        amount: random.chance(0.06) ? -Math.round(amount * 0.3) : amount,
        fee,
        processingDate,
        exercice: exerciceOf(processingDate),
        createdAt: new Date(`${processingDate}T11:00:00Z`),
      });
    }
  }
  await insertMany(db, investmentSales, investments);
  await insertMany(db, vlps, vlpValues);
  ctx.rows += investments.length + vlpValues.length;
  ctx.log(`ventes placement : ${investments.length}, VLP : ${vlpValues.length}`);

  // Customers usually buy from their own agent; now and then from another one.
  function buyerOf(agentIndex: number) {
    return random.chance(0.9) ? agentIndex : pickAgent();
  }
}

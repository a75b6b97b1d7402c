import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.js';
import { agents, profiles, users } from '../../db/schema.js';
import { DEMO_PASSWORD } from '../accounts.js';
import { CITIES, type NetworkAgent, type SeedContext } from './context.js';
import { insertReturningIds } from './insert.js';
import { day } from './random.js';

const MAX_DEPTH = 6; // depths 0..6 = 7 levels
const QUALIFICATIONS = ['Conseiller', 'Conseiller confirmé', 'Manager', 'Directeur régional'];
const BRANCHES = ['Immobilier', 'Placement', 'Crédit', 'Prévoyance'];

export const digits = (ctx: SeedContext, n: number) =>
  Array.from({ length: n }, () => ctx.random.int(0, 9)).join('');

export const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

function details(ctx: SeedContext, registerDate: string, level: number) {
  const { random, faker } = ctx;
  const [postalCode, postalCity] = random.pick(CITIES);
  return {
    birthday: day.between(random, '1960-01-01', '1995-12-31'),
    registerDate,
    phoneNumber: `06${digits(ctx, 8)}`,
    postalAddress: faker.location.streetAddress(),
    postalCode,
    postalCity,
    company: random.chance(0.6) ? `${faker.company.name()} Patrimoine` : null,
    siret: digits(ctx, 14),
    vatIdNumber: `FR${digits(ctx, 11)}`,
    iban: `FR76${digits(ctx, 23)}`,
    microEnterprise: random.chance(0.35),
    habilitationIobsp: random.chance(0.7),
    habilitationIas: random.chance(0.85),
    habilitationCif: random.chance(0.55),
    oriasNumber: digits(ctx, 8),
    oriasEndOfValidity: day.add(ctx.today, random.int(-30, 700)),
    branchesActives: BRANCHES.filter((_, i) => i < 2 || random.chance(0.3)),
    vavcTotal: random.amount(0, 2_500_000, 100),
    level,
    qualification: QUALIFICATIONS[Math.min(3, level - 1 + (random.chance(0.2) ? 1 : 0))]!,
    createdAt: new Date(`${registerDate}T08:00:00Z`),
  };
}

interface Node {
  depth: number;
  inClaireTree: boolean;
  sponsor: number | null;
  registerDate: string;
}

/**
 * The sponsorship tree: the demo agents keep their places (Claire, CGP0001, heads the
 * deepest and largest team), the others hang under agents less than 7 levels deep.
 */
export async function seedAgents(ctx: SeedContext): Promise<NetworkAgent[]> {
  const { db, random, faker } = ctx;
  const total = Math.max(12, Math.round(300 * ctx.scale));
  const existing = await db.select().from(agents).orderBy(agents.id);
  const demoUsers = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.agentId,
        existing.map((a) => a.id),
      ),
    );
  const userOf = new Map(demoUsers.map((u) => [u.agentId!, u.id]));
  // Demo rows get the demo's "today" so two runs give identical data.
  await db.update(users).set({ createdAt: new Date(`${ctx.today}T00:00:00Z`) });

  const nodes: Node[] = [];
  const indexOfId = new Map<number, number>();
  const network: NetworkAgent[] = [];
  for (const agent of existing) {
    const sponsor = agent.sponsorId === null ? null : indexOfId.get(agent.sponsorId)!;
    const parent = sponsor === null ? null : nodes[sponsor]!;
    const node: Node = {
      depth: parent ? parent.depth + 1 : 0,
      inClaireTree: agent.cgpId === 'CGP0001' || (parent?.inClaireTree ?? false),
      sponsor,
      registerDate: day.between(random, '2012-01-01', day.add(ctx.today, -900)),
    };
    indexOfId.set(agent.id, nodes.length);
    nodes.push(node);
    const level = agent.cgpId === 'CGP0001' ? 3 : random.int(1, 3);
    await db
      .update(agents)
      .set(details(ctx, node.registerDate, level))
      .where(eq(agents.id, agent.id));
    network.push({
      id: agent.id,
      cgpId: agent.cgpId,
      firstname: agent.firstname,
      lastname: agent.lastname,
      sponsorId: agent.sponsorId,
      depth: node.depth,
      weight: agent.cgpId === 'CGP0001' ? 14 : agent.cgpId === 'CGP0002' ? 6 : 2,
      userId: userOf.get(agent.id) ?? null,
      registerDate: node.registerDate,
    });
  }

  // A straight line under Claire's deepest agent first, so her tree has all 7 levels.
  let chain = nodes.reduce(
    (deepest, node, index) =>
      node.inClaireTree && node.depth > nodes[deepest]!.depth ? index : deepest,
    Math.max(
      0,
      network.findIndex((a) => a.cgpId === 'CGP0001'),
    ),
  );
  let number = Math.max(0, ...existing.map((a) => Number(a.cgpId.slice(3)) || 0));
  const values: (typeof agents.$inferInsert)[] = [];
  const fresh: Omit<NetworkAgent, 'id' | 'sponsorId' | 'userId'>[] = [];
  while (nodes.length < total) {
    let sponsor: number | null;
    if (nodes[chain]!.depth < MAX_DEPTH) sponsor = chain;
    else if (random.chance(0.02)) sponsor = null;
    else sponsor = pickSponsor(ctx, nodes, random.chance(0.45));
    const parent = sponsor === null ? null : nodes[sponsor]!;
    const earliest = parent
      ? day.min(day.add(parent.registerDate, 60), day.add(ctx.today, -40))
      : '2012-01-01';
    const node: Node = {
      depth: parent ? parent.depth + 1 : 0,
      inClaireTree: parent?.inClaireTree ?? false,
      sponsor,
      registerDate: day.between(random, earliest, day.add(ctx.today, -20)),
    };
    if (sponsor === chain && node.depth <= MAX_DEPTH) chain = nodes.length;
    nodes.push(node);
    const cgpId = `CGP${String(++number).padStart(4, '0')}`;
    const firstname = faker.person.firstName();
    const lastname = faker.person.lastName();
    values.push({
      cgpId,
      valoricielId: `VAL-${10000 + number}`,
      firstname,
      lastname,
      email: `${slug(firstname)}.${slug(lastname)}.${cgpId.toLowerCase()}@reseau-patrimoine.fr`,
      status: random.chance(0.04) ? 'inactif' : 'actif',
      ...details(ctx, node.registerDate, node.depth < 2 ? 3 : random.int(1, 3)),
    });
    fresh.push({
      cgpId,
      firstname,
      lastname,
      depth: node.depth,
      weight: random.chance(0.15) ? 4 : random.chance(0.5) ? 1 : 2,
      registerDate: node.registerDate,
    });
  }

  const ids = await insertReturningIds(db, agents, values);
  const existingCount = network.length;
  const idAt = (index: number) =>
    index < existingCount ? network[index]!.id : ids[index - existingCount]!;
  const links: [number, number][] = [];
  fresh.forEach((agent, i) => {
    const sponsor = nodes[existingCount + i]!.sponsor;
    const sponsorId = sponsor === null ? null : idAt(sponsor);
    if (sponsorId !== null) links.push([ids[i]!, sponsorId]);
    network.push({ ...agent, id: ids[i]!, sponsorId, userId: null });
  });
  for (let i = 0; i < links.length; i += 1000) {
    const pairs = links.slice(i, i + 1000).map(([id, sponsor]) => `(${id}, ${sponsor})`);
    await db.execute(
      sql.raw(
        `update agents set sponsor_id = v.sponsor from (values ${pairs.join(', ')}) as v(id, sponsor) where agents.id = v.id`,
      ),
    );
  }
  await seedAgentUsers(ctx, network);
  ctx.rows += values.length;
  const depth = Math.max(...network.map((a) => a.depth)) + 1;
  ctx.log(`mandataires : ${network.length} (arbre de parrainage sur ${depth} niveaux)`);
  return network;
}

function pickSponsor(ctx: SeedContext, nodes: Node[], inClaireTree: boolean): number {
  for (let attempt = 0; attempt < 50; attempt++) {
    const index = ctx.random.int(0, nodes.length - 1);
    const node = nodes[index]!;
    if (node.depth < MAX_DEPTH && node.inClaireTree === inClaireTree) return index;
  }
  return 0;
}

/** Every new agent can sign in with the demo password (one hash, computed once). */
async function seedAgentUsers(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random } = ctx;
  const profileRows = await db.select().from(profiles).where(eq(profiles.type, 'Mandataire'));
  const main = profileRows.find((p) => p.name === 'ROLE_MANDATAIRE') ?? profileRows[0]!;
  const junior = profileRows.find((p) => p.id !== main.id) ?? main;
  const hash = await hashPassword(DEMO_PASSWORD);
  const newcomers = network.filter((a) => a.userId === null);
  const rows = newcomers.map((agent) => {
    const profile = random.chance(0.1) ? junior : main;
    return {
      email: `${slug(agent.firstname)}.${slug(agent.lastname)}.${agent.cgpId.toLowerCase()}@reseau-patrimoine.fr`,
      passwordHash: hash,
      firstName: agent.firstname,
      lastName: agent.lastname,
      roles: [profile.name],
      profileId: profile.id,
      agentId: agent.id,
      reminderFrequency: random.chance(0.3) ? (['WEEKLY'] as ('WEEKLY' | 'DAILY')[]) : [],
      createdAt: new Date(`${agent.registerDate}T09:00:00Z`),
    };
  });
  const ids = await insertReturningIds(db, users, rows);
  newcomers.forEach((agent, i) => (agent.userId = ids[i]!));
  ctx.rows += rows.length;
}

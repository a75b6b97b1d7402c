import { hashPassword } from '../auth/password.js';
import type { Database } from '../db/client.js';
import {
  administrations,
  agents,
  componentProfiles,
  components,
  menuLinks,
  profiles,
  trainingModels,
  users,
  type ProfileType,
  type TrainingCategory,
} from '../db/schema.js';
import { DEMO_PASSWORD } from './accounts.js';

const PROFILES: { key: string; title: string; type: ProfileType }[] = [
  { key: 'admin', title: 'Admin', type: 'Hubnup' },
  { key: 'communication', title: 'Communication', type: 'Hubnup' },
  { key: 'mandataire', title: 'Mandataire', type: 'Mandataire' },
];

const COMPONENTS: { name: string; title: string; page: boolean; holders: string[] }[] = [
  {
    name: 'home_news',
    title: 'Actualités de l’accueil',
    page: false,
    holders: ['admin', 'mandataire'],
  },
  {
    name: 'home_partners',
    title: 'Partenaires de l’accueil',
    page: false,
    holders: ['admin', 'mandataire'],
  },
  {
    name: 'home_contact_us',
    title: 'Nous contacter',
    page: false,
    holders: ['admin', 'mandataire'],
  },
  {
    name: 'sso_top_invest',
    title: 'Accès Top Invest',
    page: false,
    holders: ['admin', 'mandataire'],
  },
  { name: 'users_page', title: 'Utilisateurs', page: true, holders: ['admin'] },
  { name: 'portail_page', title: 'Portail', page: true, holders: ['admin'] },
  { name: 'portail_settings', title: 'Paramètres du portail', page: false, holders: ['admin'] },
  {
    name: 'portail_agents_components',
    title: 'Composants des mandataires',
    page: false,
    holders: ['admin'],
  },
  {
    name: 'notifications_page',
    title: 'Notifications',
    page: true,
    holders: ['admin', 'communication'],
  },
  {
    name: 'news_details_page',
    title: 'Détail des actualités',
    page: true,
    holders: ['admin', 'communication'],
  },
  {
    name: 'news_edit_page',
    title: 'Gestion des actualités',
    page: true,
    holders: ['admin', 'communication'],
  },
];

const AGENTS = [
  {
    cgpId: 'CGP0001',
    valoricielId: 'VAL-10001',
    firstname: 'Claire',
    lastname: 'Martin',
    sponsor: null,
  },
  {
    cgpId: 'CGP0002',
    valoricielId: 'VAL-10002',
    firstname: 'Julien',
    lastname: 'Lefebvre',
    sponsor: 'CGP0001',
  },
  {
    cgpId: 'CGP0003',
    valoricielId: 'VAL-10003',
    firstname: 'Paul',
    lastname: 'Durand',
    sponsor: null,
  },
];

const STAFF = [
  {
    email: 'admin@reseau-patrimoine.fr',
    firstName: 'Sophie',
    lastName: 'Bernard',
    profile: 'admin',
  },
  {
    email: 'communication@reseau-patrimoine.fr',
    firstName: 'Camille',
    lastName: 'Moreau',
    profile: 'communication',
  },
];

const AGENT_USERS = [
  { cgpId: 'CGP0001', onLoginAgent: true, disabled: false },
  { cgpId: 'CGP0002', onLoginAgent: false, disabled: false },
  { cgpId: 'CGP0003', onLoginAgent: false, disabled: true },
];

const TRAINING_MODELS: { name: string; category: TrainingCategory }[] = [
  { name: 'Formation initiale immobilier', category: 'FORMATION' },
  { name: 'Fiscalité du patrimoine', category: 'FORMATION' },
  { name: 'Conformité DDA', category: 'FORMATION' },
  { name: 'Convention annuelle du réseau', category: 'EVENT' },
  { name: 'Petit-déjeuner partenaires', category: 'EVENT' },
];

const MENU_LINKS = [
  {
    name: 'documentation',
    url: 'https://www.reseau-patrimoine.fr/documentation',
    displayName: 'Documentation',
  },
  { name: 'support', url: 'mailto:support@reseau-patrimoine.fr', displayName: 'Support' },
];

const emailOf = (firstname: string, lastname: string) =>
  `${firstname}.${lastname}@reseau-patrimoine.fr`.toLowerCase();

/** Builds the French demo network. Does nothing (and answers false) when users already exist. */
export async function seedDemo(db: Database): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  const passwordHashes = await Promise.all(
    [...STAFF, ...AGENT_USERS].map(() => hashPassword(DEMO_PASSWORD)),
  );

  await db.transaction(async (tx) => {
    const profileRows = await tx
      .insert(profiles)
      .values(
        PROFILES.map((p) => ({
          title: p.title,
          type: p.type,
          name: `ROLE_${p.title.toUpperCase()}`,
        })),
      )
      .returning();
    const profileByKey = new Map(PROFILES.map((p, i) => [p.key, profileRows[i]!]));

    const componentRows = await tx
      .insert(components)
      .values(
        COMPONENTS.map((c, i) => ({
          name: c.name,
          title: c.title,
          page: c.page,
          priority: (i + 1) * 10,
          type: c.page ? 'page' : 'component',
        })),
      )
      .returning();
    const holdings = COMPONENTS.flatMap((c, i) =>
      c.holders.map((holder) => ({
        componentId: componentRows[i]!.id,
        profileId: profileByKey.get(holder)!.id,
      })),
    );
    await tx.insert(componentProfiles).values(holdings);

    const agentIds = new Map<string, number>();
    for (const agent of AGENTS) {
      const [row] = await tx
        .insert(agents)
        .values({
          cgpId: agent.cgpId,
          valoricielId: agent.valoricielId,
          firstname: agent.firstname,
          lastname: agent.lastname,
          email: emailOf(agent.firstname, agent.lastname),
          sponsorId: agent.sponsor ? agentIds.get(agent.sponsor) : null,
        })
        .returning();
      agentIds.set(agent.cgpId, row!.id);
    }

    const hashes = [...passwordHashes];
    for (const staff of STAFF) {
      const profile = profileByKey.get(staff.profile)!;
      await tx.insert(users).values({
        email: staff.email,
        passwordHash: hashes.shift()!,
        firstName: staff.firstName,
        lastName: staff.lastName,
        roles: [profile.name],
        profileId: profile.id,
      });
    }
    const mandataire = profileByKey.get('mandataire')!;
    for (const account of AGENT_USERS) {
      const agent = AGENTS.find((a) => a.cgpId === account.cgpId)!;
      await tx.insert(users).values({
        email: emailOf(agent.firstname, agent.lastname),
        passwordHash: hashes.shift()!,
        firstName: agent.firstname,
        lastName: agent.lastname,
        roles: account.disabled ? ['ROLE_DISABLED'] : [mandataire.name],
        profileId: mandataire.id,
        agentId: agentIds.get(agent.cgpId)!,
        onLoginAgent: account.onLoginAgent,
      });
    }

    await tx.insert(administrations).values({ supportEmail: 'support@reseau-patrimoine.fr' });
    await tx.insert(menuLinks).values(MENU_LINKS);
    await tx.insert(trainingModels).values(TRAINING_MODELS);
  });
  return true;
}

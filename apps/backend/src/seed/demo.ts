import { hashPassword } from '../auth/password.js';
import type { Database } from '../db/client.js';
import {
  administrations,
  agents,
  menuLinks,
  notificationRules,
  trainingModels,
  users,
  type TrainingCategory,
} from '../db/schema.js';
import { seedAccess, type ProfileKey } from './access.js';
import { DEMO_PASSWORD } from './accounts.js';

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
  {
    cgpId: 'CGP0004',
    valoricielId: 'VAL-10004',
    firstname: 'Lucas',
    lastname: 'Petit',
    sponsor: 'CGP0002',
  },
];

const STAFF: { email: string; firstName: string; lastName: string; profile: ProfileKey }[] = [
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

const AGENT_USERS: {
  cgpId: string;
  onLoginAgent: boolean;
  disabled: boolean;
  profile: ProfileKey;
}[] = [
  { cgpId: 'CGP0001', onLoginAgent: true, disabled: false, profile: 'mandataire' },
  { cgpId: 'CGP0002', onLoginAgent: false, disabled: false, profile: 'mandataire' },
  { cgpId: 'CGP0003', onLoginAgent: false, disabled: true, profile: 'mandataire' },
  { cgpId: 'CGP0004', onLoginAgent: false, disabled: false, profile: 'junior' },
];

const TRAINING_MODELS: { name: string; category: TrainingCategory }[] = [
  { name: 'Formation initiale immobilier', category: 'FORMATION' },
  { name: 'Fiscalité du patrimoine', category: 'FORMATION' },
  { name: 'Conformité DDA', category: 'FORMATION' },
  { name: 'Convention annuelle du réseau', category: 'EVENT' },
  { name: 'Petit-déjeuner partenaires', category: 'EVENT' },
];

/** The automatic notification rules, toggled on the staff notifications page. */
export const NOTIFICATION_RULES = [
  { name: 'news_published', label: 'Publication d’une actualité', isActivate: true },
  { name: 'document_uploaded', label: 'Nouveau document en bibliothèque', isActivate: true },
  { name: 'invoice_available', label: 'Nouvelle facture disponible', isActivate: true },
  { name: 'reminder_due', label: 'Rappel arrivant à échéance', isActivate: false },
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
    const profileByKey = await seedAccess(tx);

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
    for (const account of AGENT_USERS) {
      const agent = AGENTS.find((a) => a.cgpId === account.cgpId)!;
      const profile = profileByKey.get(account.profile)!;
      await tx.insert(users).values({
        email: emailOf(agent.firstname, agent.lastname),
        passwordHash: hashes.shift()!,
        firstName: agent.firstname,
        lastName: agent.lastname,
        roles: account.disabled ? ['ROLE_DISABLED'] : [profile.name],
        profileId: profile.id,
        agentId: agentIds.get(agent.cgpId)!,
        onLoginAgent: account.onLoginAgent,
      });
    }

    await tx.insert(administrations).values({ supportEmail: 'support@reseau-patrimoine.fr' });
    await tx.insert(menuLinks).values(MENU_LINKS);
    await tx.insert(trainingModels).values(TRAINING_MODELS);
    await tx.insert(notificationRules).values(NOTIFICATION_RULES);
  });
  return true;
}

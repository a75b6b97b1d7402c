import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { inBatches } from '../db/batches.js';
import { agents, profiles, users } from '../db/schema.js';
import type { Violation } from '../http/errors.js';
import { emailViolation, normalizeEmail, requiredViolation } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { idOfReference } from '../resources/iris.js';
import { ensureNewsEntries } from './news-read-state.js';
import { fanOutNetworkRemindersToUser } from './reminders.js';

/**
 * Accounts created by staff (the user form and the import): the rules both share, and what a
 * new agent user is given. A created account has no password (`NO_PASSWORD` matches none): the
 * user chooses one through the reset mail.
 */

export const NO_PASSWORD = '!';
export const NAME_MAX = 180;

export type ProfileRow = typeof profiles.$inferSelect;
type Executor = Pick<Database, 'select' | 'execute'>;

export const userMessages = {
  cgpIdRequired: "L'ID CGP est obligatoire pour un profil mandataire.",
  unknownCgpId: (cgpId: string) => `Aucun mandataire n'a l'ID CGP « ${cgpId} ».`,
  emailInFile: 'Cette adresse e-mail figure plusieurs fois dans le fichier.',
  selfAction: 'Vous ne pouvez pas désactiver ou supprimer votre propre compte.',
  disabledOnCreate:
    "Un compte est créé actif : « ROLE_DISABLED » ne sert qu'à désactiver un compte existant.",
  rolesAndProfile: 'Les rôles et le profil désignent deux profils différents.',
  disabledReset: 'Ce compte est désactivé : réactivez-le avant de lui envoyer un mail.',
} as const;

/** An agent profile: its role contains ROLE_MANDATAIRE (spec §5). */
export const isAgentProfile = (profile: Pick<ProfileRow, 'name' | 'type'>) =>
  profile.type === 'Mandataire' || profile.name.includes('ROLE_MANDATAIRE');

/** The values a user row is written with. */
export interface UserValues {
  email: string;
  firstName: string;
  lastName: string;
  profileId: number;
  roles: string[];
  agentId: number | null;
}

export interface RawUserInput {
  email: unknown;
  firstName: unknown;
  lastName: unknown;
  /** The form's IRI or id; the import's name or title (`byName`). */
  profile: unknown;
  cgpId: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Every profile, found by id, name or title (any case), loaded once per request. */
export async function profileFinder(db: Executor) {
  const rows = await db.select().from(profiles);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const byLabel = new Map<string, ProfileRow>();
  for (const p of rows) {
    byLabel.set(p.name.toLowerCase(), p);
    byLabel.set(p.title.toLowerCase(), p);
  }
  return {
    reference: (reference: unknown) => {
      const id = idOfReference(reference, '/profiles');
      return id === null ? undefined : byId.get(id);
    },
    label: (label: string) => byLabel.get(label.trim().toLowerCase()),
    /** The profile whose role is exactly this name (the spec's `roles`). */
    role: (name: string) => rows.find((p) => p.name === name),
  };
}

/** What the checks ask the base: who has an address, which agent has a CGP id. */
export interface UserLookups {
  /** The id of the user with this normalized address, if any. */
  emailOwner(email: string): Promise<number | undefined>;
  /** The agent id of a CGP id (any case), or null. */
  agentOf(cgpId: string): Promise<number | null>;
}

/** One query per question: the form checks one user. */
export const singleLookups = (db: Executor): UserLookups => ({
  async emailOwner(email) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return found?.id;
  },
  async agentOf(cgpId) {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(sql`lower(${agents.cgpId}) = ${cgpId.toLowerCase()}`);
    return agent?.id ?? null;
  },
});

/** Two queries for a whole import file, whatever its number of rows. */
export async function batchLookups(
  db: Executor,
  emails: string[],
  cgpIds: string[],
): Promise<UserLookups> {
  const owners = await inBatches(emails, (batch) =>
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, batch)),
  );
  const lowered = [...new Set(cgpIds.map((id) => id.toLowerCase()))];
  const agentRows = await inBatches(lowered, (batch) =>
    db
      .select({ id: agents.id, cgpId: agents.cgpId })
      .from(agents)
      .where(inArray(sql`lower(${agents.cgpId})`, batch)),
  );
  const owner = new Map(owners.map((row) => [row.email, row.id]));
  const agentIds = new Map(agentRows.map((row) => [row.cgpId.toLowerCase(), row.id]));
  return {
    emailOwner: async (email) => owner.get(email),
    agentOf: async (cgpId) => agentIds.get(cgpId.toLowerCase()) ?? null,
  };
}

const isTaken = (owner: number | undefined, exceptId?: number) =>
  owner !== undefined && owner !== exceptId;

/**
 * The form's and the import's checks of one user, in field order: the values to write, or the
 * violations (property paths are the form's field names).
 */
export async function checkUserInput(
  lookups: UserLookups,
  input: RawUserInput,
  profile: ProfileRow | undefined,
  options: { exceptId?: number; profileField?: string } = {},
): Promise<{ values: UserValues | null; violations: Violation[] }> {
  const profileField = options.profileField ?? 'profile';
  const violations: Violation[] = [];
  const email = text(input.email);
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const cgpId = text(input.cgpId);

  const emailProblem = emailViolation('email', email);
  if (emailProblem) violations.push(emailProblem);
  else if (email.length > NAME_MAX)
    violations.push({ propertyPath: 'email', message: messages.tooLong(NAME_MAX) });
  else if (isTaken(await lookups.emailOwner(normalizeEmail(email)), options.exceptId))
    violations.push({ propertyPath: 'email', message: messages.emailTaken });
  for (const [field, value] of [
    ['lastName', lastName],
    ['firstName', firstName],
  ] as const) {
    const missing = requiredViolation(field, value);
    if (missing) violations.push(missing);
    else if (value.length > NAME_MAX)
      violations.push({ propertyPath: field, message: messages.tooLong(NAME_MAX) });
  }
  const profileText = text(input.profile) || String(input.profile ?? '');
  if (input.profile === null || input.profile === undefined || profileText === '')
    violations.push({ propertyPath: profileField, message: messages.required });
  else if (!profile)
    violations.push({ propertyPath: profileField, message: messages.unknownProfile(profileText) });

  let agentId: number | null = null;
  if (profile && isAgentProfile(profile)) {
    if (cgpId === '')
      violations.push({ propertyPath: 'cgpId', message: userMessages.cgpIdRequired });
    else {
      agentId = await lookups.agentOf(cgpId);
      if (agentId === null)
        violations.push({ propertyPath: 'cgpId', message: userMessages.unknownCgpId(cgpId) });
    }
  }
  if (violations.length > 0 || !profile) return { values: null, violations };
  return {
    values: {
      email: normalizeEmail(email),
      firstName,
      lastName,
      profileId: profile.id,
      roles: [profile.name],
      agentId,
    },
    violations,
  };
}

/**
 * What a new agent user is given in the transaction that creates him: the displayed news
 * (unread) and the displayed network reminders in his lists, as if he had been there when they
 * were published.
 */
export async function welcomeAgentUser(
  db: Pick<Database, 'execute'>,
  userId: number,
): Promise<void> {
  await ensureNewsEntries(db, { userId });
  await fanOutNetworkRemindersToUser(db, userId);
}

import { asc, eq } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { privilegesOf } from '../access/privileges.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { profiles, trainingRoleMappings, type TrainingRole } from '../db/schema.js';
import { forbidden, unprocessable } from '../http/errors.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import type { Deps, HandlerMap } from '../deps.js';

type RoleMappingPatch = api['schemas']['RoleMappingPatch'];

async function mappings(db: Database) {
  return db
    .select({
      profileId: profiles.id,
      name: profiles.name,
      title: profiles.title,
      mappedRole: trainingRoleMappings.mappedRole,
    })
    .from(profiles)
    .leftJoin(trainingRoleMappings, eq(trainingRoleMappings.profileId, profiles.id))
    .orderBy(asc(profiles.title), asc(profiles.id));
}

async function collection(db: Database) {
  const members = (await mappings(db)).map(({ name, title, mappedRole }) => ({
    name,
    title,
    mappedRole: mappedRole ?? null,
  }));
  return hydraCollection('RoleMapping', '/odysseal/roles', members);
}

export function listTrainingRoleMappings(deps: Deps): Handler<Principal> {
  return handWritten("the training app's roles joined to the profiles", async () => ({
    status: 200,
    body: await collection(deps.db),
  }));
}

/** The training role `held` carries every role it may give: the administrator's, all of them. */
const holdsTrainingRole = (held: TrainingRole | null, role: TrainingRole | null) =>
  role === null || held === 'ROLE_ADMIN' || held === role;

export function updateTrainingRoleMappings(deps: Deps): Handler<Principal> {
  return handWritten('a list of mappings replaced in one write', async (context) => {
    const patch = context.body as RoleMappingPatch;
    const principal = principalOf(context);
    const current = await mappings(deps.db);
    const byName = new Map(current.map((m) => [m.name, m]));
    const unknown = patch.filter((m) => !byName.has(m.name));
    if (unknown.length > 0) {
      throw unprocessable(
        unknown.map((m) => ({ propertyPath: 'name', message: messages.unknownProfile(m.name) })),
      );
    }
    // Profiles left out of the patch keep their mapping.
    const result = new Map<number, TrainingRole | null>(
      current.map((m) => [m.profileId, m.mappedRole ?? null]),
    );
    for (const m of patch) result.set(byName.get(m.name)!.profileId, m.mappedRole ?? null);
    // Privilege containment: a changed mapping gives, or takes from, every account of its
    // profile the rights of a training role. The caller may only touch a profile within his
    // portal rights, and give or take only the training role his own profile has (the training
    // platform's administrator: any). Rows sent as they are (the screen sends all) are no act.
    const privileges = await privilegesOf(deps.db, principal);
    const held = current.find((m) => m.profileId === principal.user.profileId)?.mappedRole ?? null;
    for (const m of current) {
      const before = m.mappedRole ?? null;
      const after = result.get(m.profileId)!;
      if (before === after) continue;
      if (!privileges.covers(m.profileId)) throw forbidden(messages.morePrivilegedProfile);
      if (!holdsTrainingRole(held, before) || !holdsTrainingRole(held, after))
        throw forbidden(messages.trainingRoleNotHeld);
    }
    if (![...result.values()].includes('ROLE_ADMIN')) {
      throw unprocessable([{ propertyPath: '', message: messages.trainingAdminRequired }]);
    }

    await deps.db.transaction(async (tx) => {
      for (const m of patch) {
        const profileId = byName.get(m.name)!.profileId;
        const mappedRole = m.mappedRole ?? null;
        await tx
          .insert(trainingRoleMappings)
          .values({ profileId, mappedRole })
          .onConflictDoUpdate({ target: trainingRoleMappings.profileId, set: { mappedRole } });
      }
    });
    return { status: 200, body: await collection(deps.db) };
  });
}

/** The mapping of profiles to training roles. */
export function roleMappingHandlers(deps: Deps): HandlerMap {
  return {
    listTrainingRoleMappings: listTrainingRoleMappings(deps),
    updateTrainingRoleMappings: updateTrainingRoleMappings(deps),
  };
}

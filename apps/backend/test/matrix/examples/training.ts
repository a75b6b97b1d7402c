import { eq } from 'drizzle-orm';
import { profiles, trainingRoleMappings, type TrainingRole } from '../../../src/db/schema.js';
import { messages } from '../../../src/http/messages.js';
import type { Fixtures } from '../roles.js';
import { mergePatch, NOT_AGENT_DATA, refusedWith } from './shared.js';
import type { BeyondRightsExample, Example } from './types.js';

/** Sets a profile's training role directly (the lesser staff's own, before his call). */
async function setTrainingRole(fx: Fixtures, profileId: number, mappedRole: TrainingRole | null) {
  await fx.ctx.db
    .insert(trainingRoleMappings)
    .values({ profileId, mappedRole })
    .onConflictDoUpdate({ target: trainingRoleMappings.profileId, set: { mappedRole } });
}

const profileName = async (fx: Fixtures, id: number) =>
  (await fx.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.name;

/**
 * The lesser staff, whose profile is a trainer on the training platform: he gives that role to a
 * profile within his rights, never the administrator's (his own profile included), and touches
 * no profile above him.
 */
const mappingsBeyondRights: BeyondRightsExample[] = [
  {
    request: async ({ fx }) => {
      await setTrainingRole(fx, fx.lesserStaff.profileId, 'ROLE_TRAINER');
      const own = await profileName(fx, fx.lesserStaff.profileId);
      return {
        path: '/odysseal/roles',
        body: [{ name: own, mappedRole: 'ROLE_ADMIN' }],
        headers: mergePatch,
      };
    },
    status: 403,
    check: refusedWith(messages.trainingRoleNotHeld),
  },
  {
    request: () => ({
      path: '/odysseal/roles',
      body: [{ name: 'ROLE_MANDATAIRE', mappedRole: null }],
      headers: mergePatch,
    }),
    status: 403,
    check: refusedWith(messages.morePrivilegedProfile),
  },
  {
    request: async ({ fx }) => {
      await setTrainingRole(fx, fx.lesserStaff.profileId, 'ROLE_TRAINER');
      const bare = await profileName(fx, fx.bareStaff.profileId);
      return {
        path: '/odysseal/roles',
        body: [{ name: bare, mappedRole: 'ROLE_TRAINER' }],
        headers: mergePatch,
      };
    },
    status: 200,
  },
];

export const trainingExamples: Record<string, Example> = {
  'main:listTrainingRoleMappings': {
    request: () => ({ path: '/odysseal/roles' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read; changing a mapping is the act (PATCH /odysseal/roles)',
  },
  'main:updateTrainingRoleMappings': {
    request: () => ({
      path: '/odysseal/roles',
      body: [{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' }],
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
    beyondRights: mappingsBeyondRights,
  },
  'training:listTrainingModels': {
    request: () => ({ path: '/api/models' }),
    foreign: NOT_AGENT_DATA,
  },
  'training:listMyTrainingHistory': {
    request: () => ({ path: '/api/users/me/training-history?year=2026&isValidated=true' }),
    foreign: "the caller's own history: no parameter names another agent",
  },
  'training:getMyTrainingTotal': {
    request: () => ({ path: '/api/users/me/training-history/total' }),
    foreign: "the caller's own total: no parameter names another agent",
  },
  'training:exportMyTrainingHistory': {
    request: () => ({ path: '/api/users/me/training-history/export?role=TRAINED' }),
    foreign: "the caller's own history: no parameter names another agent",
  },
};

import { insertRegistration } from '../../helpers/registrations.js';
import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

export const sponsorshipExamples: Record<string, Example> = {
  'main:listDirectRegistrations': {
    request: () => ({ path: '/reporting_inscriptions?itemsPerPage=25&order[step]=desc' }),
    foreign: {
      // A registration sponsored outside Claire's team, searched by its sponsor's name.
      request: async ({ fx }) => {
        await insertRegistration(fx.ctx.db, {
          firstName: 'Hors',
          lastName: `Equipe${fx.unique()}`,
          sponsorCgp: fx.foreignCgpId,
          step: 2,
        });
        return { path: '/reporting_inscriptions?lastName=equipe' };
      },
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:listTeamRegistrations': {
    request: () => ({ path: '/reporting_inscriptions/consultants?step=3' }),
    foreign: {
      request: async ({ fx }) => {
        await insertRegistration(fx.ctx.db, {
          firstName: 'Hors',
          lastName: `Equipe${fx.unique()}`,
          sponsorCgp: fx.foreignCgpId,
          step: 2,
        });
        return { path: '/reporting_inscriptions/consultants?lastName=equipe' };
      },
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:listRegistrationSteps': {
    request: () => ({ path: '/reporting_inscriptions/steps' }),
    foreign: 'the steps are the same for everyone',
  },
  'main:getRegistration': {
    request: async ({ fx }) => ({
      path: `/reporting_inscriptions/${await insertRegistration(fx.ctx.db, {
        firstName: 'Dans',
        lastName: `Equipe${fx.unique()}`,
        sponsorCgp: 'CGP0002',
        step: 5,
      })}`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/reporting_inscriptions/${await insertRegistration(fx.ctx.db, {
          firstName: 'Hors',
          lastName: `Equipe${fx.unique()}`,
          sponsorCgp: fx.foreignCgpId,
          step: 2,
        })}`,
      }),
      status: 404,
    },
  },
};

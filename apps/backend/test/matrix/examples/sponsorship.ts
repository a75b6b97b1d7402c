import { insertRegistration } from '../../helpers/registrations.js';
import { nothingOutOfScope } from './shared.js';
import type { Fixtures } from '../roles.js';
import type { Example } from './types.js';

/** A fresh registration followed by `sponsorCgp`; its id. */
const registration = (fx: Fixtures, sponsorCgp: string, lastName: string) =>
  insertRegistration(fx.ctx.db, {
    firstName: 'Matrice',
    lastName: `${lastName}${fx.unique()}`,
    sponsorCgp,
    step: 2,
  });

export const sponsorshipExamples: Record<string, Example> = {
  'main:listDirectRegistrations': {
    request: () => ({ path: '/reporting_inscriptions?itemsPerPage=25&order[step]=desc' }),
    foreign: {
      // A registration sponsored outside Claire's team, searched by its name.
      request: async ({ fx }) => {
        await registration(fx, fx.foreignCgpId, 'Equipe');
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
        await registration(fx, fx.foreignCgpId, 'Equipe');
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
      path: `/reporting_inscriptions/${await registration(fx, 'CGP0002', 'Dans')}`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/reporting_inscriptions/${await registration(fx, fx.foreignCgpId, 'Hors')}`,
      }),
      status: 404,
    },
  },
};

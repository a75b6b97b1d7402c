import { asc } from 'drizzle-orm';
import { administrations } from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { mergePatch, NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

/** The settings row, created if an earlier case removed it. */
async function settingsId(fx: Fixtures) {
  const [row] = await fx.ctx.db.select().from(administrations).orderBy(asc(administrations.id));
  if (row) return row.id;
  const [created] = await fx.ctx.db
    .insert(administrations)
    .values({ supportEmail: 'support@reseau-patrimoine.fr' })
    .returning();
  return created!.id;
}

const PORTAL_SETTINGS = 'the support address: no account, profile or component';

export const administrationExamples: Record<string, Example> = {
  'main:listAdministrations': {
    request: () => ({ path: '/administrations' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: PORTAL_SETTINGS,
  },
  'main:createAdministration': {
    request: async ({ fx, role }) => {
      // Only the first settings row can be created: clear it for the caller who passes.
      if (role === 'admin') await fx.ctx.db.delete(administrations);
      return { path: '/administrations', body: { supportEmail: 'support@reseau-patrimoine.fr' } };
    },
    foreign: NOT_AGENT_DATA,
    beyondRights: PORTAL_SETTINGS,
  },
  'main:getAdministration': {
    request: async ({ fx }) => ({ path: `/administrations/${await settingsId(fx)}` }),
    foreign: NOT_AGENT_DATA,
    beyondRights: PORTAL_SETTINGS,
  },
  'main:updateAdministration': {
    request: async ({ fx }) => ({
      path: `/administrations/${await settingsId(fx)}`,
      body: { supportEmail: 'support@reseau-patrimoine.fr' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
    beyondRights: PORTAL_SETTINGS,
  },
  'main:listAuditEntries': {
    request: () => ({ path: '/administration/audit' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read of the audit trail',
  },
  'main:exportAuditEntries': {
    request: () => ({ path: '/administration/audit/export' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read of the audit trail',
  },
  'main:getPublicSettings': {
    request: () => ({ path: '/public/settings' }),
    foreign: NOT_AGENT_DATA,
  },
};

import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import {
  billingPassword,
  partnerSsoUrl,
  partnerTicket,
  type SsoIdentity,
} from '../communication/partners.js';
import { agents } from '../db/schema.js';
import { hydraCollection } from '../http/hydra.js';
import type { Deps, HandlerMap } from './deps.js';

async function identityOf(deps: Deps, principal: Principal): Promise<SsoIdentity> {
  const { user } = principal;
  const [agent] = user.agentId
    ? await deps.db.select({ cgpId: agents.cgpId }).from(agents).where(eq(agents.id, user.agentId))
    : [];
  return {
    userId: user.id,
    email: user.email,
    fullName: `${user.firstName} ${user.lastName}`,
    cgpId: agent?.cgpId ?? null,
  };
}

export function ssoHandlers(deps: Deps): HandlerMap {
  const { config } = deps;
  return {
    listPartners: async () => ({
      status: 200,
      body: hydraCollection(
        'Partner',
        '/sso/partners',
        (['billing', 'platform', 'invest'] as const).map((name) => ({
          name,
          title: config.partners[name].title,
          publicLoginUrl: config.partners[name].publicLoginUrl,
        })),
      ),
    }),
    getBillingCredentials: async (context) => {
      const who = await identityOf(deps, principalOf(context));
      const user = who.cgpId ?? who.email;
      return {
        status: 200,
        body: {
          user,
          mdp: billingPassword(config, user),
          loginUrl: config.partners.billing.loginUrl,
        },
      };
    },
    getPartnerSsoUrl: async (context) => {
      const who = await identityOf(deps, principalOf(context));
      const url = partnerSsoUrl(config, 'platform', await partnerTicket(config, 'platform', who));
      // The spec's call answers the URL itself, as a JSON string.
      return { status: 200, body: JSON.stringify(url) };
    },
    getInvestSsoUrl: async (context) => {
      const who = await identityOf(deps, principalOf(context));
      const url = partnerSsoUrl(config, 'invest', await partnerTicket(config, 'invest', who));
      return { status: 200, body: { url } };
    },
  };
}

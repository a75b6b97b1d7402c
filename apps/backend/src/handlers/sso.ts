import { handWritten } from '../contract.js';
import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import {
  billingPassword,
  partnerSsoUrl,
  partnerTicket,
  type SsoIdentity,
} from '../communication/partners.js';
import { agents } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { hydraCollection } from '../http/hydra.js';
import { currentSettings } from './administrations.js';
import type { Deps, HandlerMap } from '../deps.js';

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

/** Spec part 1 §8, the helpdesk sign-on's parameters. */
const HELPDESK_PARAMETERS = 'Erreur dans les paramètres de la requête.';

export function ssoHandlers(deps: Deps): HandlerMap {
  const { config } = deps;
  return {
    listPartners: handWritten('the partners from configuration, no rows', async () => ({
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
    })),
    getBillingCredentials: handWritten(
      "derives the billing partner's credentials for the caller",
      async (context) => {
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
    ),
    getPartnerSsoUrl: handWritten(
      "SSO redirect: a signed ticket in the partner's URL",
      async (context) => {
        const who = await identityOf(deps, principalOf(context));
        const url = partnerSsoUrl(config, 'platform', await partnerTicket(config, 'platform', who));
        // The spec's call answers the URL itself, as a JSON string.
        return { status: 200, body: JSON.stringify(url) };
      },
    ),
    getOdyssealLogin: handWritten('SSO: a signed ticket for the training app', async (context) => {
      const who = await identityOf(deps, principalOf(context));
      const token = await partnerTicket(config, 'odysseal', who);
      return {
        status: 200,
        body: { token, url: `${config.partners.odysseal.url}/sso/${encodeURIComponent(token)}` },
      };
    }),
    getHelpdeskSsoUrl: handWritten(
      "SSO redirect checked against the helpdesk's allow-list",
      async (context) => {
        const { client_id, redirect_uri, state, nonce } = context.query as Record<string, string>;
        const { helpdesk } = config.partners;
        // Exact match against the allow-list: the portal never sends a user anywhere else.
        // The spec's call names no client: the configured one is meant.
        const client = client_id ?? helpdesk.clientId;
        if (client !== helpdesk.clientId || !helpdesk.redirectUris.includes(redirect_uri!))
          throw badRequest(HELPDESK_PARAMETERS);
        const who = await identityOf(deps, principalOf(context));
        const url = new URL(redirect_uri!);
        url.searchParams.set('code', await partnerTicket(config, 'helpdesk', who, nonce));
        url.searchParams.set('state', state!);
        return { status: 200, body: { url: url.toString() } };
      },
    ),
    getInvestSsoUrl: handWritten(
      "SSO redirect: a signed ticket in the partner's URL",
      async (context) => {
        const who = await identityOf(deps, principalOf(context));
        const url = partnerSsoUrl(config, 'invest', await partnerTicket(config, 'invest', who));
        return { status: 200, body: { url } };
      },
    ),
    // The helpdesk's own address: its sign-on starts there and comes back by /redirect/helpdesk.
    getSupport: handWritten(
      "the support address and the helpdesk's link, from settings and configuration",
      async () => {
        const settings = await currentSettings(deps);
        const { title, publicLoginUrl } = config.partners.helpdesk;
        return {
          status: 200,
          body: {
            supportEmail: settings?.supportEmail || null,
            helpdesk: { title, url: publicLoginUrl },
          },
        };
      },
    ),
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { Config, PartnersConfig } from '../config.js';
import { escapeHtml } from '../html.js';

/**
 * Single sign-on towards the partners of the agent home, and the stand-in partner pages the
 * reference backend serves for the demo (outside the contract, under /partners/).
 */

export type PartnerName = keyof PartnersConfig;
export const SSO_TTL_SECONDS = 60;

const key = (config: Config, partner: PartnerName) =>
  new TextEncoder().encode(`${config.jwtSecret}:partner:${partner}`);

export interface SsoIdentity {
  userId: number;
  email: string;
  fullName: string;
  cgpId: string | null;
}

/** A short-lived signed ticket naming the user, for one partner. */
export async function partnerTicket(
  config: Config,
  partner: PartnerName,
  who: SsoIdentity,
  nonce?: string,
): Promise<string> {
  return new SignJWT({ email: who.email, name: who.fullName, cgpId: who.cgpId, nonce })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(who.userId))
    .setAudience(partner)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SSO_TTL_SECONDS)
    .sign(key(config, partner));
}

export function partnerSsoUrl(config: Config, partner: 'platform' | 'invest', ticket: string) {
  const url = new URL(config.partners[partner].ssoUrl);
  url.searchParams.set('token', ticket);
  return url.toString();
}

/** The billing tool's password of a user: derived, never stored (a stand-in for its API). */
export const billingPassword = (config: Config, user: string) =>
  createHmac('sha256', key(config, 'billing')).update(user).digest('base64url').slice(0, 24);

function page(reply: FastifyReply, status: number, title: string, lines: string[]) {
  const body = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:sans-serif;max-width:40rem;margin:3rem auto;line-height:1.5}</style>` +
        `</head><body><h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>`,
    );
}

const STAND_IN = 'Page de démonstration servie par le backend de référence.';

const refLine = (ref: unknown) =>
  typeof ref === 'string' && ref !== '' ? [`Page demandée : ${ref}`] : [];

export function registerPartnerPages(app: FastifyInstance, config: Config): void {
  const partners = config.partners;
  for (const name of ['billing', 'platform', 'invest'] as const) {
    app.get(`/partners/${name}`, (_request, reply) =>
      page(reply, 200, `${partners[name].title} — connexion`, [
        `Page de connexion publique de « ${partners[name].title} ».`,
        'Identifiez-vous avec vos identifiants partenaire.',
        STAND_IN,
      ]),
    );
  }
  app.get('/partners/real-estate', (_request, reply) =>
    page(reply, 200, config.realEstateTool.title, [
      `Page d’accueil de « ${config.realEstateTool.title} », ouverte depuis les ventes immobilier du portail.`,
      STAND_IN,
    ]),
  );
  for (const name of ['platform', 'invest'] as const) {
    app.get(`/partners/${name}/sso`, async (request, reply) => {
      const { token } = request.query as { token?: string };
      try {
        const { payload } = await jwtVerify(String(token ?? ''), key(config, name), {
          audience: name,
          algorithms: ['HS256'],
        });
        return page(reply, 200, partners[name].title, [
          `Bienvenue ${String(payload.name)} (${String(payload.email)}) : vous êtes arrivé(e) sur « ${partners[name].title} » par authentification unique depuis le portail.`,
          STAND_IN,
        ]);
      } catch {
        return page(reply, 401, partners[name].title, [
          'Lien de connexion invalide ou expiré.',
          STAND_IN,
        ]);
      }
    });
  }
  const verify = (partner: PartnerName, token: string) =>
    jwtVerify(token, key(config, partner), { audience: partner, algorithms: ['HS256'] });
  // The training portal: `/sso/{token}` signs in, then the page the portal was asked for.
  app.get('/partners/odysseal', (request, reply) =>
    page(reply, 200, partners.odysseal.title, [
      `Portail de formation « ${partners.odysseal.title} ».`,
      ...refLine((request.query as { ref?: unknown }).ref),
      STAND_IN,
    ]),
  );
  // A wildcard: a token is longer than a route parameter may be (100 characters).
  app.get('/partners/odysseal/sso/*', async (request, reply) => {
    const token = (request.params as Record<string, string>)['*'] ?? '';
    const { ref } = request.query as { ref?: unknown };
    try {
      const { payload } = await verify('odysseal', token);
      return page(reply, 200, partners.odysseal.title, [
        `Bienvenue ${String(payload.name)} (${String(payload.email)}) : vous êtes connecté(e) au portail de formation « ${partners.odysseal.title} » depuis le portail.`,
        ...refLine(ref),
        STAND_IN,
      ]);
    } catch {
      return page(reply, 401, partners.odysseal.title, [
        'Lien de connexion invalide ou expiré.',
        STAND_IN,
      ]);
    }
  });
  app.get('/partners/helpdesk', (_request, reply) =>
    page(reply, 200, `${partners.helpdesk.title} — connexion`, [
      `Page de connexion publique de « ${partners.helpdesk.title} ».`,
      STAND_IN,
    ]),
  );
  app.get('/partners/helpdesk/callback', async (request, reply) => {
    const { code, state } = request.query as { code?: unknown; state?: unknown };
    try {
      const { payload } = await verify('helpdesk', String(code ?? ''));
      return page(reply, 200, partners.helpdesk.title, [
        `Bienvenue ${String(payload.name)} (${String(payload.email)}) : vous êtes connecté(e) à « ${partners.helpdesk.title} » depuis le portail.`,
        `État de la demande : ${String(state ?? '')}.`,
        STAND_IN,
      ]);
    } catch {
      return page(reply, 401, partners.helpdesk.title, [
        'Lien de connexion invalide ou expiré.',
        STAND_IN,
      ]);
    }
  });
  const billingLogin = (
    reply: FastifyReply,
    fields: { user?: unknown; mdp?: unknown } | undefined,
  ) => {
    const user = typeof fields?.user === 'string' ? fields.user : '';
    const given = Buffer.from(typeof fields?.mdp === 'string' ? fields.mdp : '');
    const expected = Buffer.from(billingPassword(config, user));
    const valid =
      user !== '' && given.length === expected.length && timingSafeEqual(given, expected);
    return valid
      ? page(reply, 200, partners.billing.title, [
          `Bienvenue ${user} : vous êtes connecté(e) à « ${partners.billing.title} » depuis le portail.`,
          STAND_IN,
        ])
      : page(reply, 401, partners.billing.title, ['Identifiants refusés.', STAND_IN]);
  };
  app.post('/partners/billing/login', (request, reply) =>
    billingLogin(reply, request.body as { user?: unknown; mdp?: unknown } | undefined),
  );
  app.get('/partners/billing/login', (request, reply) =>
    billingLogin(reply, request.query as { user?: unknown; mdp?: unknown }),
  );
}

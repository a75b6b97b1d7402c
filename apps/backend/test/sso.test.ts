import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'http://api.test' });
  agent = await ctx.login(CLAIRE);
});
afterAll(() => ctx?.close());

const visit = (url: string) =>
  ctx.main.inject({ method: 'GET', url: url.replace('http://api.test', '') });

describe('the external real-estate tool', () => {
  it('comes from the configuration and has a stand-in page', async () => {
    const tool = await ctx.api('GET', '/sales/real-estate/tool', { token: agent });
    expect(tool.status).toBe(200);
    expect(tool.body).toEqual({
      title: 'Outil immobilier',
      url: 'http://api.test/partners/real-estate',
    });
    const page = await visit(tool.body.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Outil immobilier');
  });

  it('takes its address and name from REAL_ESTATE_TOOL_*', async () => {
    const other = await createTestContext({
      REAL_ESTATE_TOOL_URL: 'https://unity.example.fr/portail',
      REAL_ESTATE_TOOL_TITLE: 'Unity',
    });
    try {
      const token = await other.login(CLAIRE);
      const tool = await other.api('GET', '/sales/real-estate/tool', { token });
      expect(tool.body).toEqual({ title: 'Unity', url: 'https://unity.example.fr/portail' });
    } finally {
      await other.close();
    }
  });
});

describe('partner single sign-on', () => {
  it('lists the partners with their public login pages', async () => {
    const response = await ctx.api('GET', '/sso/partners', { token: agent });
    expect(response.body['hydra:member']).toEqual([
      expect.objectContaining({
        name: 'billing',
        publicLoginUrl: 'http://api.test/partners/billing',
      }),
      expect.objectContaining({
        name: 'platform',
        publicLoginUrl: 'http://api.test/partners/platform',
      }),
      expect.objectContaining({
        name: 'invest',
        publicLoginUrl: 'http://api.test/partners/invest',
      }),
    ]);
    const page = await visit('http://api.test/partners/invest');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Page de connexion publique');
  });

  it('gives the billing tool credentials, accepted by its stand-in', async () => {
    const response = await ctx.api('GET', '/api/o2s/getcredentials', { token: agent });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: 'CGP0001',
      loginUrl: 'http://api.test/partners/billing/login',
    });
    const login = await ctx.main.inject({
      method: 'POST',
      url: '/partners/billing/login',
      payload: new URLSearchParams({ user: response.body.user, mdp: response.body.mdp }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Bienvenue CGP0001');
    const wrong = await ctx.main.inject({
      method: 'POST',
      url: '/partners/billing/login',
      payload: 'user=CGP0001&mdp=devine',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers the partner platform URL as a string, and the investment one as {url}', async () => {
    const platform = await ctx.api('GET', '/sso/partner', { token: agent });
    expect(platform.status).toBe(200);
    expect(typeof platform.body).toBe('string');
    const arrived = await visit(platform.body);
    expect(arrived.statusCode).toBe(200);
    expect(arrived.body).toContain('Claire Martin (claire.martin@reseau-patrimoine.fr)');

    const invest = await ctx.api('GET', '/sso/invest', { token: agent });
    expect(invest.body.url).toMatch(/^http:\/\/api\.test\/partners\/invest\/sso\?token=/);
    expect((await visit(invest.body.url)).body).toContain('Top Invest');
    // A platform ticket does not open the investment partner.
    const swapped = platform.body.replace('/platform/', '/invest/');
    expect((await visit(swapped)).statusCode).toBe(401);
  });

  it('is gated by the home components', async () => {
    const staff = await ctx.login(COMMUNICATION);
    for (const path of ['/sso/partner', '/sso/invest', '/api/o2s/getcredentials', '/sso/partners'])
      expect((await ctx.api('GET', path, { token: staff })).status, path).toBe(403);
  });
});

describe('training portal and helpdesk sign-on', () => {
  it('gives a token the stand-in training portal accepts, with the page asked for', async () => {
    const login = await ctx.api('GET', '/sso/odysseal/login', { token: agent });
    expect(login.status).toBe(200);
    expect(login.body.url).toBe(`http://api.test/partners/odysseal/sso/${login.body.token}`);
    const page = await visit(`${login.body.url}?ref=formation-42`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bienvenue Claire Martin');
    expect(page.body).toContain('Page demandée : formation-42');
    expect((await visit('/partners/odysseal/sso/forged')).statusCode).toBe(401);
    // Staff sign on too (spec part 1 §2, §4): Communication holds `sso_odysseal`.
    const staff = await ctx.login(COMMUNICATION);
    const staffLogin = await ctx.api('GET', '/sso/odysseal/login', { token: staff });
    expect(staffLogin.status).toBe(200);
    expect((await visit(staffLogin.body.url)).body).toContain('communication@reseau-patrimoine.fr');
  });

  it('sends the helpdesk user back only to an allowed address, with its state', async () => {
    const callback = 'http://api.test/partners/helpdesk/callback';
    const ask = (clientId: string, redirectUri: string) =>
      ctx.api(
        'GET',
        `/sso/helpdesk?client_id=${clientId}&state=xyz&nonce=n1&redirect_uri=${encodeURIComponent(redirectUri)}`,
        { token: agent },
      );
    const answer = await ask('portail-helpdesk', callback);
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(callback);
    expect(url.searchParams.get('state')).toBe('xyz');
    const page = await visit(answer.body.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bienvenue Claire Martin');

    for (const refused of [
      await ask('portail-helpdesk', 'https://evil.example/callback'),
      await ask('portail-helpdesk', `${callback}/../../evil`),
      await ask('autre-client', callback),
    ]) {
      expect(refused.status).toBe(400);
      expect(refused.body['hydra:description']).toBe('Erreur dans les paramètres de la requête.');
    }
    const missing = await ctx.api('GET', '/sso/helpdesk?client_id=portail-helpdesk', {
      token: agent,
    });
    expect(missing.status).toBe(400);
  });

  it("takes the spec's helpdesk call, which names no client_id, as the configured client's", async () => {
    const callback = 'http://api.test/partners/helpdesk/callback';
    const answer = await ctx.api(
      'GET',
      `/sso/helpdesk?redirect_uri=${encodeURIComponent(callback)}&state=abc&nonce=n2`,
      { token: agent },
    );
    expect(answer.status).toBe(200);
    expect(new URL(answer.body.url).searchParams.get('state')).toBe('abc');
    const elsewhere = await ctx.api(
      'GET',
      '/sso/helpdesk?redirect_uri=https%3A%2F%2Fevil.example%2Fcallback&state=abc&nonce=n2',
      { token: agent },
    );
    expect(elsewhere.status).toBe(400);
  });

  it("gives the agent's help page the support address and the helpdesk's own address", async () => {
    const support = await ctx.api('GET', '/support', { token: agent });
    expect(support.status).toBe(200);
    expect(support.body).toEqual({
      supportEmail: 'support@reseau-patrimoine.fr',
      helpdesk: { title: 'Centre d’aide', url: 'http://api.test/partners/helpdesk' },
    });
    expect((await visit(support.body.helpdesk.url)).statusCode).toBe(200);
    // `support_page` is an agent page: the staff console has none.
    const staff = await ctx.login(COMMUNICATION);
    expect((await ctx.api('GET', '/support', { token: staff })).status).toBe(403);
  });
});

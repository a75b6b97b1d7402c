import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const login = (body: unknown) => ctx.api('POST', '/token', { body });

describe('POST /token', () => {
  it('answers the session of an agent', async () => {
    const response = await login({
      email: 'Claire.Martin@reseau-patrimoine.fr',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const session = response.body;
    expect(session).toMatchObject({
      fullName: 'Claire Martin',
      email: 'claire.martin@reseau-patrimoine.fr',
      roles: ['ROLE_MANDATAIRE'],
      profilName: 'Mandataire',
      profileType: 'Mandataire',
      cgpId: 'CGP0001',
      consultantValoricielId: 'VAL-10001',
      onLoginAgent: true,
      isImpersonateUser: false,
      adminData: null,
      consultantSharepointLink: null,
      picture: null,
    });
    expect(session.components.slice(0, 5)).toEqual([
      'home_page',
      'home_news',
      'home_partners',
      'home_contact_us',
      'sso_top_invest',
    ]);
    expect(session.components).toContain('training_export');
    expect(session.components).not.toContain('users_page');
    expect(session.id).toBe(session.userId);
    expect(session.consultantId).toEqual(expect.any(Number));
    expect(session.menuLinks.length).toBeGreaterThan(0);
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({
      sub: String(session.id),
      roles: ['ROLE_MANDATAIRE'],
      username: 'claire.martin@reseau-patrimoine.fr',
      sid: session.sessionId,
    });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
  });

  it('answers a staff session without agent fields', async () => {
    const response = await login({ email: 'admin@reseau-patrimoine.fr', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      fullName: 'Sophie Bernard',
      roles: ['ROLE_ADMIN'],
      profilName: 'Admin',
      profileType: 'Hubnup',
      consultantId: null,
      cgpId: null,
      consultantValoricielId: null,
    });
    const { components } = response.body;
    expect(components).toEqual(expect.arrayContaining(['users_switch_user', 'portail_page']));
    expect(components).toHaveLength(COMPONENT_CATALOGUE.length);
  });

  it('gives a disabled user ROLE_DISABLED and no components', async () => {
    const response = await login({
      email: 'paul.durand@reseau-patrimoine.fr',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.roles).toEqual(['ROLE_DISABLED']);
    expect(response.body.components).toEqual([]);
  });

  it('rejects a wrong password', async () => {
    const response = await login({ email: 'admin@reseau-patrimoine.fr', password: 'Mauvais2026!' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.body).toMatchObject({
      '@context': '/contexts/Error',
      '@type': 'hydra:Error',
      'hydra:description': 'Identifiants invalides.',
    });
  });

  it('rejects an unknown e-mail with the same answer', async () => {
    const response = await login({
      email: 'inconnu@reseau-patrimoine.fr',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(401);
    expect(response.body['hydra:description']).toBe('Identifiants invalides.');
  });

  it('reports empty fields as violations', async () => {
    const response = await login({ email: '', password: '' });
    expect(response.status).toBe(422);
    expect(response.body['@type']).toBe('ConstraintViolationList');
    expect(response.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', message: 'Ce champ est obligatoire.' }),
      expect.objectContaining({ propertyPath: 'password', message: 'Ce champ est obligatoire.' }),
    ]);
  });

  it('reports an invalid e-mail', async () => {
    const response = await login({ email: 'pas-une-adresse', password: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'email',
        message: "Cette valeur n'est pas une adresse email valide.",
      }),
    ]);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await ctx.api('POST', '/token', { raw: '{"email": "a@b.fr",' });
    expect(response.status).toBe(400);
    expect(response.body['hydra:description']).toBe(
      "Le corps de la requête n'est pas un JSON valide.",
    );
  });

  it('answers 422 to a missing field, naming it', async () => {
    const response = await login({ email: 'admin@reseau-patrimoine.fr' });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual([
      { propertyPath: 'password', message: 'Ce champ est obligatoire.', code: 'required' },
    ]);
  });

  it('answers 422 to a wrongly typed field and to an unknown field', async () => {
    const typed = await login({ email: 42, password: 'x' });
    expect(typed.status).toBe(422);
    expect(typed.body.violations[0].propertyPath).toBe('email');
    const extra = await login({ email: 'a@b.fr', password: 'x', extra: true });
    expect(extra.status).toBe(422);
    expect(extra.body.violations[0].propertyPath).toBe('extra');
  });

  it('answers 400 to a missing body', async () => {
    const response = await ctx.api('POST', '/token');
    expect(response.status).toBe(400);
    expect(response.body['hydra:description']).toBe('Le corps de la requête est obligatoire.');
  });

  it('limits attempts per address: the 11th within a minute gets 429', async () => {
    const body = { email: 'Julien.Lefebvre@reseau-patrimoine.fr', password: 'wrong' };
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(body)).status).toBe(401);
    }
    const blocked = await login({ ...body, email: body.email.toLowerCase() });
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe(
      'Trop de tentatives, veuillez réessayer dans une minute.',
    );
    // Another address from the same client is not affected.
    expect(
      (await login({ email: 'admin@reseau-patrimoine.fr', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });

  it('limits attempts per client whatever the address', async () => {
    const limited = await createTestContext({ LOGIN_IP_RATE_LIMIT: '5' });
    try {
      const attempt = (n: number) =>
        limited.api('POST', '/token', {
          body: { email: `inconnu${n}@reseau-patrimoine.fr`, password: 'wrong' },
        });
      for (let n = 1; n <= 5; n++) expect((await attempt(n)).status).toBe(401);
      const blocked = await attempt(6);
      expect(blocked.status).toBe(429);
      expect(blocked.body['hydra:description']).toBe(
        'Trop de tentatives, veuillez réessayer dans une minute.',
      );
    } finally {
      await limited.close();
    }
  });
  it('counts per client behind the proxies TRUST_PROXY names, never from a forged header', async () => {
    const attempt = (context: TestContext, n: number, from: string) =>
      context.api('POST', '/token', {
        body: { email: `inconnu${n}@reseau-patrimoine.fr`, password: 'wrong' },
        headers: { 'x-forwarded-for': from },
      });
    const proxied = await createTestContext({ LOGIN_IP_RATE_LIMIT: '5', TRUST_PROXY: '127.0.0.1' });
    try {
      for (let n = 1; n <= 5; n++)
        expect((await attempt(proxied, n, '203.0.113.1')).status).toBe(401);
      expect((await attempt(proxied, 6, '203.0.113.1')).status).toBe(429);
      // Another client behind the same proxy has attempts of his own.
      expect((await attempt(proxied, 7, '203.0.113.2')).status).toBe(401);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's own word: the peer's address counts.
    const direct = await createTestContext({ LOGIN_IP_RATE_LIMIT: '5' });
    try {
      for (let n = 1; n <= 5; n++) await attempt(direct, n, `203.0.113.${n}`);
      expect((await attempt(direct, 6, '203.0.113.99')).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

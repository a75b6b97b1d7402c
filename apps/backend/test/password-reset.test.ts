import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordTokens } from '../src/db/schema.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RESET_RATE_LIMIT: '100', DEV_OUTBOX: '1' });
});
afterAll(() => ctx?.close());

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

async function outbox(to: string): Promise<OutboxMail[]> {
  const response = await ctx.main.inject({
    method: 'GET',
    url: `/dev/outbox.json?to=${encodeURIComponent(to)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const requestReset = (email: string) =>
  ctx.api('POST', '/reset_password_tokens', { body: { email } });
const reset = (token: string, password: string) =>
  ctx.api('POST', `/reset_password_tokens/${token}`, { body: { password } });

function linkIn(mail: OutboxMail): { app: string; token: string } {
  const match = /(https?:\/\/[^\s/]+)\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in ${mail.text}`);
  expect(mail.html).toContain(match[0]);
  return { app: match[1]!, token: match[2]! };
}

describe('password reset', () => {
  it('runs the whole loop: request, mail, weak password, new password, reuse, expiry', async () => {
    const email = 'julien.lefebvre@reseau-patrimoine.fr';
    const requested = await requestReset('Julien.Lefebvre@reseau-patrimoine.fr');
    expect(requested.status).toBe(202);
    expect(requested.text).toBe('');

    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe');
    const { app, token } = linkIn(mail!);
    expect(app).toBe(ctx.config.agentAppUrl);

    const weak = await reset(token, 'faible');
    expect(weak.status).toBe(422);
    expect(weak.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'password',
        message:
          'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
      }),
    ]);
    expect((await reset(token, 'SansSpecial1')).status).toBe(422);

    expect((await reset(token, 'Nouveau-Secret9')).status).toBe(204);
    expect(
      (await ctx.api('POST', '/token', { body: { email, password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await ctx.api('POST', '/token', { body: { email, password: 'Nouveau-Secret9' } })).status,
    ).toBe(200);

    const reused = await reset(token, 'Encore-Autre9');
    expect(reused.status).toBe(404);
    expect(reused.body['hydra:description']).toBe(
      'Le lien de réinitialisation est invalide ou expiré.',
    );

    await requestReset(email);
    const [latest] = await outbox(email);
    const fresh = linkIn(latest!).token;
    await ctx.db.update(resetPasswordTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(fresh, 'Encore-Autre9');
    expect(expired.status).toBe(404);
    expect(expired.body['hydra:description']).toBe(
      'Le lien de réinitialisation est invalide ou expiré.',
    );
  });

  it('sends staff to the staff console', async () => {
    await requestReset('admin@reseau-patrimoine.fr');
    const [mail] = await outbox('admin@reseau-patrimoine.fr');
    expect(linkIn(mail!).app).toBe(ctx.config.staffAppUrl);
  });

  it('invalidates older links once a password is changed', async () => {
    const email = 'claire.martin@reseau-patrimoine.fr';
    await requestReset(email);
    await requestReset(email);
    const [newest, older] = await outbox(email);
    expect((await reset(linkIn(newest!).token, 'Claire-2026!')).status).toBe(204);
    expect((await reset(linkIn(older!).token, 'Claire-2027!')).status).toBe(404);
  });

  it('answers 404 to an unknown token even with a weak password', async () => {
    const response = await reset('inconnu', 'faible');
    expect(response.status).toBe(404);
  });

  it('answers 202 to an unknown address and sends nothing', async () => {
    const before = (await outbox('')).length;
    const response = await requestReset('personne@reseau-patrimoine.fr');
    expect(response.status).toBe(202);
    expect(await outbox('personne@reseau-patrimoine.fr')).toEqual([]);
    expect((await outbox('')).length).toBe(before);
  });

  it('sends nothing to a disabled account', async () => {
    expect((await requestReset('paul.durand@reseau-patrimoine.fr')).status).toBe(202);
    expect(await outbox('paul.durand@reseau-patrimoine.fr')).toEqual([]);
  });

  it('validates the address', async () => {
    const empty = await requestReset('');
    expect(empty.status).toBe(422);
    expect(empty.body.violations[0]).toMatchObject({
      propertyPath: 'email',
      message: 'Ce champ est obligatoire.',
    });
    const invalid = await requestReset('julien');
    expect(invalid.body.violations[0]).toMatchObject({
      propertyPath: 'email',
      message: "Cette valeur n'est pas une adresse email valide.",
    });
  });

  it('stores only a digest of the token', async () => {
    await requestReset('admin@reseau-patrimoine.fr');
    const [mail] = await outbox('admin@reseau-patrimoine.fr');
    const { token } = linkIn(mail!);
    expect(
      await ctx.db
        .select()
        .from(resetPasswordTokens)
        .where(eq(resetPasswordTokens.tokenHash, token)),
    ).toEqual([]);
  });
});

describe('reset rate limit', () => {
  it('answers 429 past RESET_RATE_LIMIT requests per minute', async () => {
    const limited = await createTestContext({ RESET_RATE_LIMIT: '2' });
    try {
      const call = () =>
        limited.api('POST', '/reset_password_tokens', {
          body: { email: 'x@reseau-patrimoine.fr' },
        });
      expect((await call()).status).toBe(202);
      expect((await call()).status).toBe(202);
      const blocked = await call();
      expect(blocked.status).toBe(429);
      expect(blocked.body['hydra:description']).toBe(
        'Trop de tentatives, veuillez réessayer dans une minute.',
      );
    } finally {
      await limited.close();
    }
  });
});

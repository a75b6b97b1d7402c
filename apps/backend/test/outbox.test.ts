import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMainApp } from '../src/app.js';
import { devOutboxSetting, loadConfig } from '../src/config.js';
import { createMailer } from '../src/mail.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DEV_OUTBOX: '1' });
});
afterAll(() => ctx?.close());

const mailer = () => createMailer(ctx.config, ctx.db);

describe('development outbox', () => {
  it('lists mails newest first, filtered by recipient', async () => {
    await mailer().send({
      to: 'a@reseau-patrimoine.fr',
      subject: 'Premier',
      text: 'un',
      html: '<p>un</p>',
    });
    await mailer().send({
      to: 'b@reseau-patrimoine.fr',
      subject: 'Autre',
      text: 'deux',
      html: '<p>deux</p>',
    });
    await mailer().send({
      to: 'a@reseau-patrimoine.fr',
      subject: 'Second',
      text: 'trois',
      html: '<p>trois</p>',
    });
    const response = await ctx.main.inject({
      method: 'GET',
      url: '/dev/outbox.json?to=A@reseau-patrimoine.fr',
    });
    expect(response.statusCode).toBe(200);
    const mails = response.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'Premier']);
    expect(mails[0]).toEqual({
      id: expect.any(Number),
      to: 'a@reseau-patrimoine.fr',
      subject: 'Second',
      text: 'trois',
      html: '<p>trois</p>',
      attachments: [],
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('renders an escaped French HTML page with clickable links', async () => {
    await mailer().send({
      to: 'c@reseau-patrimoine.fr',
      subject: '<script>alert(1)</script>',
      text: 'Lien : http://localhost:5173/reset-password/abc',
      html: '',
    });
    const response = await ctx.main.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('lang="fr"');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('<a href="http://localhost:5173/reset-password/abc">');
  });

  it('does not exist when real SMTP is configured', async () => {
    const config = { ...ctx.config, smtpUrl: 'smtp://127.0.0.1:2525' };
    const smtp = createMailer(config, ctx.db);
    const app = await buildMainApp({
      db: ctx.db,
      config,
      mailer: smtp,
      storage: ctx.storage,
      jobs: ctx.jobs,
    });
    try {
      expect(smtp.usesOutbox).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      smtp.close();
    }
  });

  it('answers a reset request without waiting for the SMTP server, address known or not', async () => {
    // A server that accepts connections and never greets: a send would hang until its timeout.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const config = { ...ctx.config, smtpUrl: `smtp://127.0.0.1:${port}` };
    const smtp = createMailer(config, ctx.db);
    const app = await buildMainApp({
      db: ctx.db,
      config,
      mailer: smtp,
      storage: ctx.storage,
      jobs: ctx.jobs,
    });
    try {
      const ask = (email: string) =>
        app.inject({ method: 'POST', url: '/reset_password_tokens', payload: { email } });
      const [known, unknown] = await Promise.all([
        ask('julien.lefebvre@reseau-patrimoine.fr'),
        ask('personne@reseau-patrimoine.fr'),
      ]);
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
      await expect.poll(() => sockets.size).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await smtp.settled();
      await app.close();
      smtp.close();
      silent.close();
    }
  });
});

describe('development outbox only when explicitly enabled', () => {
  const served = async (overrides: Record<string, string | undefined>) => {
    const config = { ...ctx.config, ...pick(loadConfig({ JWT_SECRET: 'x', ...overrides })) };
    const app = await buildMainApp({
      db: ctx.db,
      config,
      mailer: mailer(),
      storage: ctx.storage,
      jobs: ctx.jobs,
    });
    try {
      return (await app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode;
    } finally {
      await app.close();
    }
  };
  const pick = (c: ReturnType<typeof loadConfig>) => ({
    devOutbox: c.devOutbox,
    devOutboxRefusal: c.devOutboxRefusal,
  });

  it('is absent unless DEV_OUTBOX=1, in production and on a non-loopback address', async () => {
    expect(await served({ DEV_OUTBOX: '1' })).toBe(200);
    expect(await served({})).toBe(404);
    expect(await served({ DEV_OUTBOX: '1', NODE_ENV: 'production' })).toBe(404);
    expect(await served({ DEV_OUTBOX: '1', HOST: '0.0.0.0' })).toBe(404);
    expect(await served({ DEV_OUTBOX: '1', HOST: '192.168.1.20' })).toBe(404);
  });

  it('says why it refused', () => {
    expect(devOutboxSetting({ DEV_OUTBOX: '1', NODE_ENV: 'production' }, '127.0.0.1')).toEqual({
      enabled: false,
      refusal: 'DEV_OUTBOX ignoré : NODE_ENV=production.',
    });
    expect(devOutboxSetting({ DEV_OUTBOX: '1' }, '::').refusal).toContain('bouclage');
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(devOutboxSetting({ DEV_OUTBOX: '1' }, host).enabled, host).toBe(true);
  });
});

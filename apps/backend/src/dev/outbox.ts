import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { escapeHtml } from '../html.js';
import type { Mailer } from '../mail.js';

/**
 * Development-only views of the mail outbox, outside the contract. Registered only without
 * SMTP_URL and with DEV_OUTBOX=1, outside production, on a loopback address (config.ts).
 */
export function registerOutboxRoutes(app: FastifyInstance, db: Database, mailer: Mailer): void {
  const list = async (to?: string) => {
    await mailer.settled();
    return db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  };

  app.get('/dev/outbox.json', async (request) => {
    const { to } = request.query as { to?: string };
    const mails = await list(typeof to === 'string' && to ? to : undefined);
    return mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const mails = await list();
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(renderOutbox(mails));
  });
}

type OutboxMail = typeof mailOutbox.$inferSelect;

/** Escapes the text, then makes its http(s) links clickable. */
const linkify = (value: string) =>
  escapeHtml(value).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});

function renderOutbox(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">À : ${escapeHtml(m.to)} — ${escapeHtml(dateFormat.format(m.createdAt))}</p>
  <pre>${linkify(m.text)}</pre>${
    m.attachments.length > 0
      ? `\n  <p class="meta">Pièces jointes : ${m.attachments.map((a) => escapeHtml(a.filename)).join(', ')}</p>`
      : ''
  }
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>Boîte d'envoi de développement</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #d1d5db; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
  .meta { color: #6b7280; margin: 0 0 .75rem; }
  pre { white-space: pre-wrap; font-family: inherit; margin: 0; }
</style>
</head>
<body>
<h1>Boîte d'envoi de développement</h1>
<p>Les courriels ne sont pas envoyés : ils sont conservés ici, du plus récent au plus ancien (${mails.length}).</p>
${items || '<p>Aucun courriel pour le moment.</p>'}
</body>
</html>
`;
}

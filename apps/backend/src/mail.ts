import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { mailOutbox } from './db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Opened only when the mail is really sent (never for the outbox). */
  open: () => Promise<Readable>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Composes and sends after the answer has gone: how long that takes must not tell a caller
   * whether an address exists. Failures go to `onError`.
   */
  deliver(compose: () => Promise<MailMessage>, onError: (error: unknown) => void): void;
  /** Resolves once every delivery under way has ended (the dev outbox reads after it). */
  settled(): Promise<void>;
  /** True when mails are stored in mail_outbox instead of being sent. */
  readonly usesOutbox: boolean;
  close(): void;
}

/** Real SMTP when SMTP_URL is set; otherwise every message lands in the mail_outbox table. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Database): Mailer {
  const transport = createTransport(config, db);
  const pending = new Set<Promise<void>>();
  return {
    ...transport,
    deliver(compose, onError) {
      const delivery = compose()
        .then((message) => transport.send(message))
        .catch(onError)
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    settled: async () => {
      await Promise.all(pending);
    },
  };
}

type Transport = Pick<Mailer, 'send' | 'usesOutbox' | 'close'>;

function createTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Database): Transport {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      usesOutbox: false,
      async send({ attachments = [], ...message }) {
        await transport.sendMail({
          from: config.mailFrom,
          ...message,
          attachments: await Promise.all(
            attachments.map(async (a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: await a.open(),
            })),
          ),
        });
      },
      close: () => transport.close(),
    };
  }
  // jsonTransport still builds the message, so addresses and content are checked like a real send.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    usesOutbox: true,
    async send({ attachments = [], ...message }) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const built = JSON.parse(info.message as unknown as string) as { subject?: string };
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: built.subject ?? message.subject,
        text: message.text,
        html: message.html,
        attachments: attachments.map(({ filename, contentType, size }) => ({
          filename,
          contentType,
          size,
        })),
      });
    },
    close: () => transport.close(),
  };
}

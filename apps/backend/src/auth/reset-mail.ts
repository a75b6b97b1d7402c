import { randomToken, sha256 } from '../crypto.js';
import { resetPasswordTokens, type users } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { escapeHtml } from '../html.js';
import type { MailMessage } from '../mail.js';

export interface ResetMailInput {
  firstName: string;
  link: string;
  ttlMinutes: number;
}

/** The parts of a mail carrying a link to choose a password. */
interface LinkMailParts {
  subject: string;
  /** What happened, ending on an invitation to follow the link (text, then HTML variant). */
  intro: { text: string; html: string };
  action: string;
  /** The lines after the link's validity. */
  outro: string[];
}

function linkMail(
  { firstName, link, ttlMinutes }: ResetMailInput,
  { subject, intro, action, outro }: LinkMailParts,
) {
  const validity = `Ce lien est valable ${ttlMinutes} minutes et ne peut servir qu'une fois.`;
  const signature = "L'équipe du Portail Réseau Patrimoine";
  const text = [
    `Bonjour ${firstName},`,
    '',
    intro.text,
    '',
    link,
    '',
    validity,
    ...outro,
    '',
    signature,
  ].join('\n');
  const html = [
    `<p>Bonjour ${escapeHtml(firstName)},</p>`,
    `<p>${intro.html}</p>`,
    `<p><a href="${escapeHtml(link)}">${action}</a></p>`,
    `<p>${validity}</p>`,
    ...outro.map((line) => `<p>${line}</p>`),
    `<p>${signature}</p>`,
  ].join('\n');
  return { subject, text, html };
}

export const resetPasswordMail = (input: ResetMailInput) =>
  linkMail(input, {
    subject: 'Réinitialisation de votre mot de passe',
    intro: {
      text: 'Vous avez demandé la réinitialisation de votre mot de passe. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      html: 'Vous avez demandé la réinitialisation de votre mot de passe. Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous :',
    },
    action: 'Réinitialiser mon mot de passe',
    outro: [
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
  });

/**
 * The first mail of an account created or imported by staff: the same link to choose a
 * password, under its own subject, without the reset's 'you asked for it'.
 */
export const welcomeMail = (input: ResetMailInput) =>
  linkMail(input, {
    subject: 'Bienvenue sur le Portail Réseau Patrimoine : choisissez votre mot de passe',
    intro: {
      text: 'Votre compte sur le Portail Réseau Patrimoine vient d’être créé. Pour choisir votre mot de passe, ouvrez ce lien :',
      html: 'Votre compte sur le Portail Réseau Patrimoine vient d’être créé. Pour choisir votre mot de passe, cliquez sur le lien ci-dessous :',
    },
    action: 'Choisir mon mot de passe',
    outro: [
      'Passé ce délai, demandez-en un nouveau avec « Mot de passe oublié ? » sur la page de connexion.',
    ],
  });

/** Which mail carries the link: a reset (asked for) or the welcome of a new account. */
export type AccountMailKind = 'reset' | 'welcome';

/**
 * A new single-use reset link for `user` and the mail carrying it, to the app of his profile
 * (the forgotten-password form, and the mails staff send from user administration).
 */
export async function composeResetMail(
  deps: Pick<Deps, 'db' | 'config'>,
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName'>,
  profileType: string,
  kind: AccountMailKind = 'reset',
): Promise<MailMessage> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + deps.config.resetTokenTtlMinutes * 60_000);
  await deps.db
    .insert(resetPasswordTokens)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt });
  const app = profileType === 'Mandataire' ? deps.config.agentAppUrl : deps.config.staffAppUrl;
  const mail = (kind === 'welcome' ? welcomeMail : resetPasswordMail)({
    firstName: user.firstName,
    link: `${app}/reset-password/${token}`,
    ttlMinutes: deps.config.resetTokenTtlMinutes,
  });
  return { to: user.email, ...mail };
}

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

export function resetPasswordMail({ firstName, link, ttlMinutes }: ResetMailInput) {
  const subject = 'Réinitialisation de votre mot de passe';
  const text = [
    `Bonjour ${firstName},`,
    '',
    'Vous avez demandé la réinitialisation de votre mot de passe. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    '',
    link,
    '',
    `Ce lien est valable ${ttlMinutes} minutes et ne peut servir qu'une fois.`,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    '',
    "L'équipe du Portail Réseau Patrimoine",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
<p>Vous avez demandé la réinitialisation de votre mot de passe. Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous :</p>
<p><a href="${escapeHtml(link)}">Réinitialiser mon mot de passe</a></p>
<p>Ce lien est valable ${ttlMinutes} minutes et ne peut servir qu'une fois.</p>
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.</p>
<p>L'équipe du Portail Réseau Patrimoine</p>`;
  return { subject, text, html };
}

/**
 * The first mail of an account created or imported by staff: the same link to choose a
 * password, under its own subject, without the reset's 'you asked for it'.
 */
export function welcomeMail({ firstName, link, ttlMinutes }: ResetMailInput) {
  const subject = 'Bienvenue sur le Portail Réseau Patrimoine : choisissez votre mot de passe';
  const text = [
    `Bonjour ${firstName},`,
    '',
    'Votre compte sur le Portail Réseau Patrimoine vient d’être créé. Pour choisir votre mot de passe, ouvrez ce lien :',
    '',
    link,
    '',
    `Ce lien est valable ${ttlMinutes} minutes et ne peut servir qu'une fois. Passé ce délai, demandez-en un nouveau avec « Mot de passe oublié ? » sur la page de connexion.`,
    '',
    "L'équipe du Portail Réseau Patrimoine",
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
<p>Votre compte sur le Portail Réseau Patrimoine vient d’être créé. Pour choisir votre mot de passe, cliquez sur le lien ci-dessous :</p>
<p><a href="${escapeHtml(link)}">Choisir mon mot de passe</a></p>
<p>Ce lien est valable ${ttlMinutes} minutes et ne peut servir qu'une fois. Passé ce délai, demandez-en un nouveau avec « Mot de passe oublié ? » sur la page de connexion.</p>
<p>L'équipe du Portail Réseau Patrimoine</p>`;
  return { subject, text, html };
}

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

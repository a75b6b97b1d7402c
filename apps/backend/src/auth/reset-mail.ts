import { escapeHtml } from '../html.js';

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

import { escapeHtml } from '../html.js';

const SIGNATURE = "L'équipe du Portail Réseau Patrimoine";

export function emailChangedMail({ firstName, email }: { firstName: string; email: string }) {
  const subject = 'Votre adresse e-mail a été modifiée';
  const text = [
    `Bonjour ${firstName},`,
    '',
    `L'adresse e-mail de votre compte est désormais ${email}. Utilisez-la pour vous connecter.`,
    "Si vous n'êtes pas à l'origine de ce changement, contactez le support sans attendre.",
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(firstName)},</p>
<p>L'adresse e-mail de votre compte est désormais <strong>${escapeHtml(email)}</strong>. Utilisez-la pour vous connecter.</p>
<p>Si vous n'êtes pas à l'origine de ce changement, contactez le support sans attendre.</p>
<p>${SIGNATURE}</p>`;
  return { subject, text, html };
}

export interface AccountRequestMailInput {
  fullName: string;
  email: string;
  cgpId: string | null;
  title: string;
  content: string;
}

/** The support request as the support team receives it (reply goes to the sender). */
export function accountRequestMail({
  fullName,
  email,
  cgpId,
  title,
  content,
}: AccountRequestMailInput) {
  const sender = cgpId ? `${fullName} (CGP ${cgpId})` : fullName;
  // Line breaks and tabs would let a title forge mail headers; the subject keeps one line.
  const subject = `Demande d'assistance : ${title.replace(/[\r\n\t]+/g, ' ')}`;
  const text = [
    `Demande envoyée par ${sender}, ${email}.`,
    '',
    `Titre : ${title}`,
    '',
    content === '' ? '(sans description)' : content,
  ].join('\n');
  const html = `<p>Demande envoyée par ${escapeHtml(sender)}, <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>.</p>
<p><strong>Titre :</strong> ${escapeHtml(title)}</p>
<p style="white-space: pre-wrap">${content === '' ? '<em>(sans description)</em>' : escapeHtml(content)}</p>`;
  return { subject, text, html };
}

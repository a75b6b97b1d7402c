import { INVALID_EMAIL, PASSWORD_POLICY, REQUIRED } from '@portal/api/generated/field-messages';

/** French copy of the sign-in area, verbatim from the specification (part 1 §5 and §8). */
export const messages = {
  versionLabel: 'v1.0.17',
  loading: 'Chargement…',
  required: REQUIRED,
  invalidEmail: INVALID_EMAIL,
  passwordPolicy: PASSWORD_POLICY,
  passwordMismatch: 'Le mot de passe doit correspondre.',
  systemProblem: 'Authentication request could not be processed due to a system problem.',
  resetRequestSent: 'Lien de réinitialisation du mot de passe envoyé par mail.',
  errorPrefix: 'Une erreur est survenue : ',
  resetFailed:
    'Une erreur est survenue, le lien est peut-être expiré, veuillez recommencer la procédure.',
  resetDone:
    'Votre mot de passe à bien été modifié. Vous allez être redirigé sur la page de connexion.',
  suspendedTitle: 'Compte suspendu',
  suspendedText: (email: string) =>
    `Votre compte est temporairement suspendu. Veuillez contacter le support par e-mail à l'adresse ${email}.`,
  close: 'Fermer',
  backHome: "Retour à l'accueil",
  signOut: 'Se déconnecter',
} as const;

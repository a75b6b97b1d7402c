/**
 * French copy of the sign-in area, verbatim from the specification (part 1 §5 and §8). The
 * field messages are written out here rather than imported from the contract's (the module would
 * bring them all into the sign-in route, at its budget's edge): `messages.test.ts` checks they
 * are the contract's `x-field-messages`. Texts of pages loaded on demand stay with them
 * ('Compte suspendu': `screens/forbidden-page.tsx`).
 */
export const messages = {
  versionLabel: 'v1.0.17',
  loading: 'Chargement…',
  required: 'Ce champ est obligatoire.',
  invalidEmail: "Cette valeur n'est pas une adresse email valide.",
  passwordPolicy:
    'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
  passwordMismatch: 'Le mot de passe doit correspondre.',
  systemProblem: 'Authentication request could not be processed due to a system problem.',
  resetRequestSent: 'Lien de réinitialisation du mot de passe envoyé par mail.',
  sessionEnded: 'Votre session a pris fin. Reconnectez-vous pour continuer.',
  errorPrefix: 'Une erreur est survenue : ',
  resetFailed:
    'Une erreur est survenue, le lien est peut-être expiré, veuillez recommencer la procédure.',
  resetDone:
    'Votre mot de passe à bien été modifié. Vous allez être redirigé sur la page de connexion.',
  close: 'Fermer',
  backHome: "Retour à l'accueil",
  signOut: 'Se déconnecter',
} as const;

/** User-facing French messages, kept verbatim from the specification. */
export const messages = {
  required: 'Ce champ est obligatoire.',
  invalidEmail: "Cette valeur n'est pas une adresse email valide.",
  weakPassword:
    'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
  invalidCredentials: 'Identifiants invalides.',
  authenticationRequired: 'Authentification requise.',
  invalidToken: 'Jeton invalide ou expiré.',
  invalidHandoff: 'Code de transfert invalide ou expiré.',
  invalidResetLink: 'Le lien de réinitialisation est invalide ou expiré.',
  accountDisabled: 'Votre compte est désactivé.',
  notFound: "La ressource demandée n'existe pas.",
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer dans une minute.',
  malformedJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyRequired: 'Le corps de la requête est obligatoire.',
  bodyTooLarge: 'Le corps de la requête est trop volumineux.',
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  internalError: 'Une erreur interne est survenue.',
} as const;

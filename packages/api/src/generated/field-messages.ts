// Generated from the x-field-messages of openapi/main/*.yaml by `pnpm --filter @portal/api generate`.
export const REQUIRED = 'Ce champ est obligatoire.';
export const INVALID_EMAIL = "Cette valeur n'est pas une adresse email valide.";
export const PASSWORD_POLICY =
  'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.';
export const INVALID_DATE = "Cette valeur n'est pas une date valide.";
export const INVALID_URL = 'Ce champ doit être une URL valide';
export const FILE_TOO_LARGE = 'Le fichier est trop volumineux.';
export const FILE_TYPE_REFUSED = "Ce type de fichier n'est pas accepté.";

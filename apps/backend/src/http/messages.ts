import {
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  INVALID_EMAIL,
  PASSWORD_POLICY,
  REQUIRED,
} from '@portal/api/generated/field-messages';

/** User-facing French messages, kept verbatim from the specification. */
export const messages = {
  required: REQUIRED,
  invalidEmail: INVALID_EMAIL,
  weakPassword: PASSWORD_POLICY,
  invalidCredentials: 'Identifiants invalides.',
  authenticationRequired: 'Authentification requise.',
  invalidToken: 'Jeton invalide ou expiré.',
  invalidHandoff: 'Code de transfert invalide ou expiré.',
  invalidResetLink: 'Le lien de réinitialisation est invalide ou expiré.',
  accountDisabled: 'Votre compte est désactivé.',
  accessDenied: 'Accès refusé.',
  profileInUse: 'Impossible de supprimer le profil.',
  profileExists: 'Ce profil existe déjà.',
  unknownProfile: (reference: string) => `Le profil « ${reference} » n'existe pas.`,
  selfLockout: 'Vous ne pouvez pas retirer ce composant de votre propre profil.',
  trainingAdminRequired: 'Vous devez sélectionnez au moins un administrateur',
  settingsExist: 'Les paramètres du portail existent déjà.',
  impersonateSelf: 'Vous ne pouvez pas prendre votre propre identité.',
  alreadyImpersonating: "Vous utilisez déjà l'identité d'un autre utilisateur.",
  notImpersonating: "Aucune prise d'identité n'est en cours.",
  impersonateDisabled: 'Ce compte est désactivé.',
  // Privilege containment (access/privileges.ts): nothing names the components concerned.
  morePrivilegedUser: "Cet utilisateur dispose de droits que vous n'avez pas.",
  morePrivilegedProfile: "Ce profil donne des droits que vous n'avez pas.",
  componentNotHeld: "Vous ne pouvez pas attribuer un composant que vous n'avez pas.",
  trainingRoleNotHeld:
    "Vous ne pouvez pas attribuer ni retirer un rôle de la plateforme de formation que vous n'avez pas.",
  unknownSession: "Cette session de suivi n'existe pas.",
  tooManyTrackingEvents: 'Trop d’événements de suivi pour cette session.',
  notFound: "La ressource demandée n'existe pas.",
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer dans une minute.',
  nulCharacter: 'La requête contient un caractère nul (U+0000), refusé.',
  badUrl: "L'adresse demandée n'est pas valide (encodage incorrect).",
  malformedJson: "Le corps de la requête n'est pas un JSON valide.",
  forbiddenJsonKey: (key: string) => `Le corps de la requête contient une clé interdite (${key}).`,
  headersTooLarge: "L'en-tête ou l'adresse de la requête est trop long.",
  requestTimeout: "La requête n'a pas été reçue à temps : la connexion est fermée.",
  badHttpRequest: "La requête HTTP n'est pas valide.",
  shuttingDown: 'Le service redémarre : réessayez dans un instant.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  tooManyPasswordAttempts:
    'Trop de tentatives de mot de passe : la session a été fermée. Reconnectez-vous pour continuer.',
  // Second factor (issue 42).
  invalidSecondFactorChallenge:
    'Votre vérification en deux étapes a expiré : saisissez à nouveau votre mot de passe.',
  wrongSecondFactorCode: (left: number) =>
    left > 1
      ? `Code incorrect. Il vous reste ${left} essais.`
      : left === 1
        ? 'Code incorrect. Il vous reste 1 essai.'
        : 'Code incorrect.',
  secondFactorCodeReplayed: 'Ce code a déjà servi : attendez le suivant dans votre application.',
  tooManySecondFactorAttempts:
    'Trop de codes incorrects : saisissez à nouveau votre mot de passe dans quelques minutes.',
  secondFactorAlreadyEnrolled: 'La vérification en deux étapes est déjà activée sur ce compte.',
  secondFactorNoEnrolment:
    "Aucune activation n'est en cours : recommencez l'activation de la vérification en deux étapes.",
  secondFactorNotEnrolled: "Cet utilisateur n'a pas de vérification en deux étapes.",
  secondFactorOff: "La vérification en deux étapes n'est pas activée sur ce compte.",
  secondFactorWhileImpersonating:
    'La vérification en deux étapes de ce compte ne se gère pas en utilisant son identité.',
  impersonateNeedsSecondFactor:
    "Ce compte est protégé par une vérification en deux étapes : activez la vôtre depuis « Mon compte » avant d'utiliser son identité.",
  jsonTooDeep: 'Le corps de la requête est trop imbriqué (32 niveaux au plus).',
  bodyRequired: 'Le corps de la requête est obligatoire.',
  bodyTooLarge: 'Le corps de la requête est trop volumineux.',
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  tooManyExports: (max: number) =>
    `Vous avez déjà ${max} export(s) en cours : attendez qu'ils se terminent avant d'en lancer un autre.`,
  jobNotFailed: 'Seule une tâche en erreur peut être relancée.',
  internalError: 'Une erreur interne est survenue.',
  serviceUnavailable:
    'Le service est momentanément indisponible (base de données injoignable). Réessayez dans quelques instants.',
  malformedMultipart: "Le corps multipart de la requête n'est pas valide.",
  fileRequired: 'Un fichier est requis.',
  fileTypeRefused: FILE_TYPE_REFUSED,
  fileTooLarge: FILE_TOO_LARGE,
  tooManyFiles: 'Trop de fichiers dans la requête.',
  duplicateFile: (field: string) => `Champ en double : ${field}.`,
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
  notWhileImpersonating:
    "Cette modification n'est pas possible en se connectant en tant qu'un autre utilisateur.",
  imageUnreadable: "Cette image n'a pas pu être lue.",
  unknownFile: "Ce fichier n'existe pas.",
  archiveFilesMissing: (missing: number, total: number, names: readonly string[]) =>
    `L'archive n'a pas pu être créée : ${missing === 1 ? 'un fichier' : `${missing} fichiers`} sur ${total} ${missing === 1 ? 'est introuvable' : 'sont introuvables'} sur le stockage (${names
      .slice(0, 3)
      .map((name) => `« ${name} »`)
      .join(', ')}${missing > 3 ? '…' : ''}). Prévenez un administrateur.`,
  // Document libraries (src/handlers/library*.ts)
  unknownFolder: "Ce dossier n'existe pas.",
  notYourself: "Vous ne pouvez agir qu'en votre propre nom.",
  emptyFolder: 'Ce dossier ne contient aucun fichier à télécharger.',
  folderOwnParent: 'Erreur : le dossier ne peut pas être son propre dossier parent',
  pictureInUse: 'Cette image est utilisée par une actualité et ne peut pas être supprimée.',
  // Spreadsheets (src/files/spreadsheet.ts)
  fileEmpty: 'Le fichier est vide.',
  notSpreadsheet: "Ce fichier n'est pas un classeur Excel (.xls ou .xlsx).",
  spreadsheetUnreadable:
    "Ce classeur Excel n'a pas pu être lu : il est endommagé ou son format n'est pas pris en charge.",
  spreadsheetProtected: 'Les classeurs protégés par un mot de passe ne sont pas acceptés.',
  spreadsheetTooLarge: 'Ce classeur est trop volumineux une fois décompressé, il est refusé.',
  spreadsheetTooManyRows: (max: number) =>
    `Le fichier contient trop de lignes (${max.toLocaleString('fr-FR')} au plus sous les en-têtes).`,
  spreadsheetTooManyColumns: (max: number) =>
    `Le fichier contient trop de colonnes (${max.toLocaleString('fr-FR')} au plus).`,
  missingColumns: (headers: readonly string[]) =>
    headers.length > 1
      ? `Colonnes manquantes : ${headers.join(', ')}.`
      : `Colonne manquante : ${headers.join(', ')}.`,
  notNumber: 'Cette valeur doit être un nombre.',
  notInteger: 'Cette valeur doit être un nombre entier.',
  notBoolean: 'Cette valeur doit être « oui » ou « non ».',
  outOfRange: (min?: number, max?: number) =>
    min !== undefined && max !== undefined
      ? `Cette valeur doit être comprise entre ${min} et ${max}.`
      : min !== undefined
        ? `Cette valeur doit être supérieure ou égale à ${min}.`
        : `Cette valeur doit être inférieure ou égale à ${max}.`,
  cellFormulaError: (code: string) => `Cette cellule contient une erreur (${code}).`,
  cellForbiddenCharacter:
    'Cette cellule contient un caractère non accepté (caractère nul, U+0000).',
  spreadsheetForbiddenCharacter: (line: number, column: string) =>
    `Ligne ${line}, colonne « ${column} » : cette cellule contient un caractère non accepté (caractère nul, U+0000). Corrigez le fichier puis envoyez-le à nouveau.`,
  // Zip archives (src/files/zip.ts)
  zipInvalid: "Cette archive zip n'est pas valide ou est endommagée.",
  zipTooManyEntries: (max: number) =>
    `L'archive contient trop de fichiers (${max.toLocaleString('fr-FR')} au plus).`,
  zipTooLarge: (max: string) =>
    `L'archive est trop volumineuse une fois décompressée (${max} au plus).`,
  zipRatio: "L'archive est anormalement compressée (bombe zip possible), elle est refusée.",
  zipUnsafeName: (name: string) =>
    `Le nom « ${name} » n'est pas accepté dans une archive (chemin absolu, « .. », barre oblique inverse ou caractère de contrôle).`,
  zipDuplicateName: (name: string) => `L'archive contient deux fois le nom « ${name} ».`,
  zipSpecialEntry: (name: string) =>
    `L'archive contient un lien symbolique ou un fichier spécial (« ${name} »), refusé.`,
  zipEncrypted: 'Les archives protégées par un mot de passe ne sont pas acceptées.',
  zipUnsupported: 'Cette archive utilise une méthode de compression non prise en charge.',
} as const;

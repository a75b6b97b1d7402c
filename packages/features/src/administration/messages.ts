import { INVALID_EMAIL } from '@portal/api/generated/field-messages';
import { commonMessages, gridTexts } from '../common';

const USERS = 'Utilisateurs';

/** French copy of user and portal administration (spec part 1 §5, §8; part 2 §8). */
export const messages = {
  // Second factor (issue 42).
  secondFactorTitle: 'Vérification en deux étapes',
  secondFactorOn: (date: string, left: number) =>
    `Activée depuis le ${date} ; codes de secours restants : ${left}.`,
  secondFactorOff: 'Non activée.',
  secondFactorOffRequired:
    'Non activée : son profil l’exige, elle lui sera demandée à sa prochaine connexion.',
  secondFactorReset: 'Réinitialiser la vérification en deux étapes',
  secondFactorResetConfirm:
    "L'utilisateur devra activer à nouveau la vérification en deux étapes ; ses codes de secours ne serviront plus.",
  secondFactorResetDone:
    'Vérification en deux étapes réinitialisée : l’utilisateur devra l’activer à nouveau.',
  ...commonMessages,
  invalidEmail: INVALID_EMAIL,
  settingSaved: 'Modification réussie.',
  // The spec gives no message for a profile added or deleted; this one is in its catalogue.
  profileSaved: 'Modification effectuée avec succès.',
  profileDeleteFailed: 'Impossible de supprimer le profil.',

  portalTitle: 'Administration du portail',
  settingsTitle: 'Paramètres',
  supportEmail: 'Adresse e-mail du support',
  profilesTitle: 'Profils',
  addProfileTitle: 'Ajouter un profil',
  profileName: 'Nom du profil',
  profileType: 'Type de profil',
  agentPrefix: 'Mandataire - ',
  add: 'Ajouter',
  deleteProfileTitle: 'Supprimer un profil',
  profileToDelete: 'Profil à supprimer',
  confirmDeleteProfile: (title: string) =>
    `Le profil « ${title} » sera supprimé définitivement. Continuer ?`,
  chooseProfile: 'Choisir un profil',
  componentsTitle: 'Activation des composants',
  agentMatrix: 'Composants des profils mandataires',
  staffMatrix: 'Composants des profils Hubnup',
  componentHeader: 'Composant',
  matrixSearch: 'Rechercher un composant',
  matrixNoMatch: 'Aucun composant ne correspond à la recherche.',
  noProfile: 'Aucun profil de ce type.',

  usersTitle: USERS,
  lastName: 'Nom',
  firstName: 'Prénom',
  email: 'Adresse e-mail',
  profile: 'Profil',
  actions: 'Actions',
  usersGrid: gridTexts(USERS, 'utilisateur', {
    total: (count: number) => `${count} utilisateur${count > 1 ? 's' : ''}`,
  }),
  impersonate: 'Se connecter en tant que',
  usersPagination: 'Pagination des utilisateurs',

  // User administration (spec part 2 §2, §5, §8).
  userCreated: "L'utilisateur a bien été créé.",
  userEdited: "L'utilisateur a bien été modifié.",
  userDeleted: "L'utilisateur a bien été supprimé.",
  userDisabled: "L'utilisateur a bien été désactivé.",
  resetSent: "Un mail de réinitialisation vient d'être envoyé à l'utilisateur.",
  usersImported: 'Les utilisateurs ont été importés.',
  cgpNotFound: "L'utilisateur n'a pas été trouvé.",
  searchCgp: 'Rechercher ID CGP',
  cgpId: 'ID CGP',
  cgpHint:
    'Obligatoire pour un profil mandataire : renseignez e-mail, nom et prénom puis recherchez.',
  createUser: 'Créer un utilisateur',
  createUserTitle: 'Créer un utilisateur',
  editUserTitle: 'Modifier un utilisateur',
  userDetailTitle: 'Détail de l’utilisateur',
  details: 'Détail',
  edit: 'Modifier',
  save: 'Enregistrer',
  cancel: 'Annuler',
  confirm: 'Confirmer',
  backToUsers: 'Retour',
  userNotFound: "Cet utilisateur n'existe pas.",
  // Not in the spec: the backend's refusal, said before the caller tries (issue 37).
  userAboveYou:
    "Cet utilisateur dispose de droits que vous n'avez pas : vous ne pouvez pas modifier son compte.",
  assignableProfiles: (titles: string[]) =>
    `Profils que vous pouvez attribuer : ${titles.join(', ')}.`,
  status: 'Statut',
  active: 'Actif',
  disabledStatus: 'Désactivé',
  disabledNotice:
    'Ce compte est désactivé. Enregistrer son profil (mandataire ou autre) le réactive.',
  sendReset: 'Envoyer un mail de réinitialisation',
  confirmReset: (name: string) =>
    `Un mail pour choisir un nouveau mot de passe sera envoyé à ${name}. Continuer ?`,
  disable: 'Désactiver',
  confirmDisable: (name: string) =>
    `${name} ne pourra plus se connecter et ses sessions ouvertes seront fermées. Continuer ?`,
  deleteUser: 'Supprimer',
  confirmDelete: (name: string) => `${name} sera supprimé définitivement. Continuer ?`,
  rolesFilter: 'Profil',
  allProfiles: 'Tous les profils',
  importUsers: 'Importer',
  importTitle: 'Importer des utilisateurs',
  importFile: 'Fichier (xls ou xlsx)',
  importHint: 'Colonnes : E-mail, Nom, Prénom, Profil, ID CGP (pour un profil mandataire).',
  downloadTemplate: 'Télécharger le modèle',
  preview: 'Vérifier le fichier',
  confirmImport: (count: number) => `Importer ${count} utilisateur${count > 1 ? 's' : ''}`,
  previewSummary: (valid: number, invalid: number) =>
    `${valid} ligne${valid > 1 ? 's' : ''} valide${valid > 1 ? 's' : ''}, ${invalid} en erreur`,
  previewLine: 'Ligne',
  previewErrors: 'Erreurs',
  previewValid: 'Valide',
  previewCaption: 'Aperçu de l’import, ligne par ligne',
  nothingToImport: 'Aucune ligne valide à importer.',
  close: 'Fermer',
} as const;

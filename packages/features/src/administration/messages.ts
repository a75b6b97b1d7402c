import { commonMessages } from '../common';

/** French copy of user and portal administration (spec part 1 §5, §8; part 2 §8). */
export const messages = {
  ...commonMessages,
  invalidEmail: "Cette valeur n'est pas une adresse email valide.",
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

  usersTitle: 'Utilisateurs',
  lastName: 'Nom',
  firstName: 'Prénom',
  email: 'Adresse e-mail',
  profile: 'Profil',
  actions: 'Actions',
  noUsers: 'Aucun utilisateur ne correspond à ces filtres.',
  noUsersYet: 'Aucun utilisateur pour le moment.',
  impersonate: 'Se connecter en tant que',
  usersPagination: 'Pagination des utilisateurs',
  total: (count: number) => `${count} utilisateur${count > 1 ? 's' : ''}`,
} as const;

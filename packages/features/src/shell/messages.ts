/** French copy of the signed-in frame. */
export const messages = {
  loading: 'Chargement…',
  skipToContent: 'Aller au contenu',
  mainMenu: 'Menu principal',
  menuToggle: 'Menu',
  linksSection: 'Liens utiles',
  newTab: '(nouvel onglet)',
  signOut: 'Se déconnecter',
} as const;

/** French copy of the partner sign-on block of the agent home (spec part 1 §1, §8). */
export const messages = {
  title: 'Nos partenaires',
  intro: 'Accédez directement aux outils de nos partenaires, sans vous reconnecter.',
  newTab: '(nouvel onglet)',
  opening: 'Connexion en cours…',
  loading: 'Chargement…',
  error: (message: string) => `Une erreur est survenue : ${message}`,
  blocked:
    'Votre navigateur a bloqué l’ouverture du nouvel onglet : autorisez les fenêtres de ce site.',
  redirecting: 'Redirection en cours…',
  // Spec part 1 §8 and part 2 §8.
  redirectFailed: 'Une erreur est survenue !',
  backHome: 'Retour à l’accueil',
  helpdeskParameters: 'Erreur dans les paramètres de la requête.',
  helpdeskUser: "Erreur lors de la récupération de l'utilisateur.",
} as const;

/** French copy of the home pages (spec part 1 §1). */
export const messages = {
  newsTitle: 'À la une',
  allNews: 'Toutes les actualités',
  noSliderNews: 'Aucune actualité à la une pour le moment.',
  loading: 'Chargement…',
  error: (message: string) => `Une erreur est survenue : ${message}`,
  contactTitle: 'Nous contacter',
  contactText:
    'Une question sur votre activité, vos ventes ou le portail ? L’équipe du réseau vous répond.',
  contactWrite: 'Écrire au support',
  contactRequest: 'Envoyer une demande',
  contactRequestTitle: "Demande d'assistance",
  dashboardTitle: 'Vos espaces',
  dashboardIntro: 'Accédez directement aux pages de la console qui vous sont ouvertes.',
  dashboardEmpty: 'Aucune page de la console ne vous est encore ouverte.',
  trainingTitle: 'Formation',
  trainingText: 'Les formations et leurs supports, sur le portail de formation.',
  trainingLink: 'Ouvrir le portail de formation',
  newTab: '(nouvel onglet)',
} as const;

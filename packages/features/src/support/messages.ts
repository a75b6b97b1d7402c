/** French copy of the agent's help page `/support` (the spec names the route only). */
export const messages = {
  title: 'Support',
  intro: 'Une question sur le portail, un dossier ou un outil ? Voici comment nous joindre.',
  contacts: 'Nous joindre',
  emailTitle: 'Par e-mail',
  emailText: 'Le support du réseau vous répond à cette adresse :',
  helpdeskTitle: 'Centre d’aide',
  helpdeskText:
    'Les questions fréquentes et le suivi de vos tickets ; vous y êtes connecté avec votre compte du portail.',
  helpdeskLink: (title: string) => `Ouvrir ${title}`,
  trainingTitle: 'Formation',
  trainingText: 'Les formations et leurs supports, sur le portail de formation.',
  trainingLink: 'Ouvrir le portail de formation',
  newTab: '(nouvel onglet)',
  loading: 'Chargement…',
  error: 'Une erreur est survenue',
} as const;

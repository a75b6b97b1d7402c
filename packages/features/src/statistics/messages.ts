import { commonMessages } from '../common';

/** French copy of the network's statistics and the staff dashboard (docs/decisions/23-statistics-and-staff-dashboard.md). */
export const messages = {
  ...commonMessages,
  titles: {
    'taux-uc': 'Taux UC',
    'real-estate': 'Statistiques immobilier',
    investments: 'Statistiques placements',
    team: 'Statistiques équipes',
  },
  intros: {
    'taux-uc':
      'Part des unités de compte (SCPI, OPCI, comptes-titres) dans les placements de l’année, hors annulations.',
    'real-estate':
      'Ventes immobilières optionnées dans l’année, étapes franchies et montants par type.',
    investments: 'Volumes placés et frais de l’année, hors annulations.',
    team: 'Arrivées de mandataires, taille du réseau et activité, mois par mois.',
  },
  filters: 'Filtres des statistiques',
  year: 'Année',
  provider: 'Fournisseur',
  allProviders: 'Tous les fournisseurs',
  type: 'Type de vente',
  allTypes: 'Tous les types',
  export: 'Exporter (Excel)',
  exportRunning: (received: string | null) =>
    received ? `Export en cours… ${received}` : 'Export en cours…',
  // Spec part 2 §8, as the usage analytics.
  failed: 'Une erreur est survenue',
  loading: 'Chargement…',
  none: 'Aucune donnée pour cette année.',
  dashboard: {
    title: 'Le réseau en un coup d’œil',
    salesLink: 'Voir les statistiques placements',
    realEstateLink: 'Voir les statistiques immobilier',
    newAgents: 'Nouveaux mandataires depuis le 1er janvier',
    lastYear: (value: number) => `${value.toLocaleString('fr-FR')} l’an dernier à la même date`,
    activeUsers: 'Utilisateurs connectés cette semaine',
    pendingDispatches: 'Dispatchs de factures en attente',
    pendingModificationRequests: 'Demandes de modification en étude',
  },
} as const;

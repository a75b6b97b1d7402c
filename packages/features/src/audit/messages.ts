import { commonMessages } from '../common';

/** French copy of the audit trail (issue 42: `/administration/audit`). */
export const messages = {
  ...commonMessages,
  title: 'Journal d’audit',
  filtersLabel: 'Filtrer le journal',
  grid: 'Actions du personnel',
  user: 'Auteur (nom ou e-mail)',
  operation: 'Opération',
  target: 'Cible (IRI)',
  period: 'Période',
  from: 'Du',
  to: 'au',
  none: 'Aucune action enregistrée.',
  empty: 'Aucune action ne correspond à ces filtres.',
  total: (count: number) => `${count.toLocaleString('fr-FR')} action${count > 1 ? 's' : ''}`,
  impersonatedBy: (name: string) => `au nom de ${name}`,
  emptyValue: '∅',
} as const;

import { commonMessages, gridTexts } from '../common';

/** French copy of the audit trail (issue 42: `/administration/audit`). */
export const messages = {
  ...commonMessages,
  title: 'Journal d’audit',
  filtersLabel: 'Filtrer le journal',
  grid: gridTexts('Actions du personnel', 'action', {
    feminine: true,
    none: 'Aucune action enregistrée.',
  }),
  user: 'Auteur (nom ou e-mail)',
  operation: 'Opération',
  target: 'Cible (IRI)',
  period: 'Période',
  from: 'Du',
  to: 'au',
  impersonatedBy: (name: string) => `au nom de ${name}`,
  emptyValue: '∅',
} as const;

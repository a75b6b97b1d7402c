import { FILE_TOO_LARGE, FILE_TYPE_REFUSED } from '@portal/api/generated/field-messages';
import { commonMessages, monthName } from '../common';
import type { DispatchStatus } from '@portal/api/invoices';

/** French copy of the invoices and their dispatch (spec part 2 §2, §4, §8; the rest our own). */
export const messages = {
  ...commonMessages,
  myTitle: 'Mes Factures',
  networkTitle: 'Factures',
  agentTitle: (name: string) => `Factures de ${name}`,
  customerTitle: (name: string) => `Factures — ${name}`,
  back: 'Retour',
  breadcrumbs: 'Fil d’Ariane',
  contents: 'Factures',
  empty: 'Aucunes factures disponibles',
  /**
   * The spec's other spelling, kept verbatim on one page only: a customer's invoices
   * (docs/decisions/24-invoices-and-their-dispatch.md).
   */
  emptyVariant: 'Aucunes factures disponnibles',
  monthName,
  count: (n: number) => `${n} facture${n > 1 ? 's' : ''}`,
  download: 'Télécharger',
  downloadFile: (name: string) => `Télécharger ${name}`,
  downloadMonth: 'Télécharger le mois (zip)',
  downloadMonthOf: (label: string) => `Télécharger ${label} (zip)`,
  agentFilter: 'Mandataire',
  pagination: 'Pagination des factures',
  dispatchTitle: 'Dispatch des factures',
  invoicesFile: 'Factures (.zip)',
  mappingFile: 'Correspondance (.xlsx)',
  mappingHint: 'Colonnes : fichier, cgpId, année, mois',
  template: 'Télécharger le modèle',
  send: 'Envoyer',
  sending: 'Envoi des fichiers',
  uploadWarning: 'Ne changez pas de page et ne fermez pas cette page pendant l’envoi.',
  remaining: (s: number) => `${s} seconde${s > 1 ? 's' : ''} restante${s > 1 ? 's' : ''}`,
  uploaded: 'Le fichier à été importé.',
  fileType: FILE_TYPE_REFUSED,
  fileTooLarge: FILE_TOO_LARGE,
  requests: 'Demandes de dispatch',
  noRequest: 'Aucune demande de dispatch.',
  execute: 'Exécuter',
  executeOf: (id: number) => `Exécuter la demande ${id}`,
  confirmExecuteTitle: (id: number) => `Exécuter la demande n° ${id} ?`,
  confirmExecuteMessage:
    'Les factures seront classées chez les mandataires de la correspondance. Une seule demande s’exécute à la fois.',
  keepWaiting: 'Annuler',
  cancelRequest: 'Annuler',
  cancelRequestOf: (id: number) => `Annuler la demande ${id}`,
  confirmCancelTitle: (id: number) => `Annuler la demande n° ${id} ?`,
  confirmCancelMessage:
    'La demande ne sera pas exécutée. Ses fichiers devront être envoyés à nouveau.',
  confirmCancel: 'Annuler la demande',
  keep: 'Conserver',
  cancelled: 'La demande a été annulée.',
  report: 'Rapport',
  reportOf: (id: number) => `Rapport de la demande ${id}`,
  reportTitle: (id: number) => `Rapport de la demande n° ${id}`,
  showReport: 'Voir le rapport',
  showReportOf: (id: number) => `Voir le rapport de la demande ${id}`,
  progress: (done: number, total: number) => `${done} / ${total} fichiers`,
  /** '2 factures classées, 2 refusées' ('0 facture classée, 1 refusée'). */
  summary: (filed: number, refused: number) =>
    `${filed} facture${filed > 1 ? 's' : ''} classée${filed > 1 ? 's' : ''}, ${refused} refusée${refused > 1 ? 's' : ''}`,
  sentOn: (date: string) => `Envoyée le ${date}`,
  completedOn: (date: string) => `terminée le ${date}`,
  line: 'Ligne',
  file: 'Fichier',
  agent: 'Mandataire',
  period: 'Période',
  outcome: 'Résultat',
  filed: 'Classée',
  refused: 'Refusée',
  loadingState: 'Exécution en cours…',
  /** The spec's sentence, verbatim: every line filed. */
  success: 'Les factures on bien été dispatcher',
  failure: 'Une erreur est survenue',
  close: 'Fermer',
  statuses: {
    WAITING: 'En attente',
    PROCESSING: 'En cours',
    COMPLETED: 'Complétée',
    FAILED: 'Erreur',
    CANCELLED: 'Annulée',
  } satisfies Record<DispatchStatus, string>,
  unknownStatus: 'Inconnue',
} as const;

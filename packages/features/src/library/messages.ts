import { commonMessages, gridTexts } from '../common';
import type { LibraryType } from '@portal/api/library';

/** French copy of the document libraries (spec part 2 §2, §8; labels the spec leaves open). */
export const messages = {
  ...commonMessages,
  titles: {
    bibliotheque: 'Bibliothèque',
    'trainers-club': 'Trainer’s Club',
    rac: 'Documentation RAC',
    'responsable-pole': 'Responsable de pôle',
  } satisfies Record<LibraryType, string>,
  breadcrumbs: 'Fil d’Ariane',
  contents: 'Contenu du dossier',
  empty: 'Aucun fichier',
  notFound: 'Ce dossier n’existe pas ou plus.',
  search: 'Rechercher un document',
  searchButton: 'Rechercher',
  searchHint: 'Nom du fichier ou mots du document',
  clearSearch: 'Effacer la recherche',
  inThisFolder: 'Dans ce dossier',
  otherFolders: 'Dans les autres dossiers',
  noOtherResult: "Aucun résultat dans d'autres dossiers n'a été trouvé.",
  recent: 'Nouveau',
  download: 'Télécharger',
  downloadFolder: (name: string) => `Télécharger le dossier ${name} (zip)`,
  downloadFile: (name: string) => `Télécharger ${name}`,
  copyLink: (name: string) => `Copier le lien de ${name}`,
  linkCopied: 'Lien copié',
  editEntry: (name: string) => `Modifier ${name}`,
  deleteEntry: (name: string) => `Supprimer ${name}`,
  addFolder: 'Ajouter un dossier',
  addFiles: 'Ajouter des fichiers',
  folderName: 'Nom du dossier',
  fileName: 'Nom du fichier',
  parentFolder: 'Dossier parent',
  fileFolder: 'Dossier',
  root: 'Racine de la bibliothèque',
  editFolderTitle: 'Modifier le dossier',
  editFileTitle: 'Modifier le fichier',
  folderCreated: 'Le dossier a été créé.',
  saved: 'Modification effectuée avec succès.',
  deleteFolderTitle: 'Supprimer le dossier',
  deleteFolderMessage: (name: string) =>
    `Le dossier « ${name} », ses sous-dossiers et tous leurs fichiers seront supprimés.`,
  deleteFileTitle: 'Supprimer le fichier',
  deleteFileMessage: (name: string) => `Le fichier « ${name} » sera supprimé.`,
  deleted: 'La suppression a été effectuée.',
  uploadTitle: 'Ajouter des fichiers',
  uploadFiles: 'Fichiers',
  uploadHint: 'PDF, Word, Excel, PowerPoint, OpenDocument, PNG ou JPEG, 20 Mo au plus chacun.',
  uploadSubmit: 'Envoyer',
  uploadProgress: (name: string) => `Envoi de ${name}`,
  uploadDone: 'Envoyé',
  uploaded: 'Le fichier à été importé.',
  notify: 'Notifier les profils suivants',
  notifyTitle: (name: string) => `Nouveau document : ${name}`,
  notifyDescription: (names: string[], folder: string) =>
    `${names.join(', ')} ${names.length > 1 ? 'ont été ajoutés' : 'a été ajouté'} dans ${folder}.`,
  notifyFailed: (message: string) =>
    `Les fichiers sont envoyés, la notification a échoué : ${message}`,
  filesRequired: 'Choisissez au moins un fichier.',
  size: (bytes: number) =>
    bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} Ko`
      : `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`,
} as const;

/** French copy of the `/library` hub (the spec names the route only: docs/decisions/20-document-libraries-and-modification-requests.md). */
export const hubMessages = {
  title: 'Documents',
  intro: 'Les bibliothèques de documents du réseau auxquelles vous avez accès.',
  list: 'Documents et demandes',
  counting: 'Comptage des documents…',
  countFailed: 'Le nombre de documents n’a pas pu être chargé.',
  titles: messages.titles,
  descriptions: {
    bibliotheque: 'Les documents du réseau : contrats, fiches produits, réglementation.',
    'trainers-club': 'Les supports et ressources du Trainer’s Club.',
    rac: 'La documentation réservée aux RAC.',
    'responsable-pole': 'La documentation réservée aux responsables de pôle.',
  } satisfies Record<LibraryType, string>,
  requests: 'Demandes de modification',
  requestsDescription:
    'Signalez une erreur ou demandez la mise à jour d’un document, et suivez vos demandes.',
  documents: (total: number) => `${total} document${total > 1 ? 's' : ''}`,
  recent: (count: number) => `dont ${count} nouveau${count > 1 ? 'x' : ''}`,
  none: 'Aucune bibliothèque ne vous est ouverte.',
} as const;

/** French copy of the modification requests (spec part 2 §2, §4, §8). */
export const requestMessages = {
  ...commonMessages,
  title: 'Demandes de modification',
  create: 'Créer une Demande de Modification',
  dialogTitle: 'Demande de modification',
  grid: gridTexts('Liste des demandes de modification', 'demande', {
    feminine: true,
    none: 'Aucune demande de modification.',
    total: (total: number) => `${total} demande${total > 1 ? 's' : ''}`,
  }),
  end: "Il n'y a plus d'actualité à afficher.",
  loadMore: 'Charger plus de demandes',
  requestDate: 'Date de la demande',
  publishedFrom: 'Publiée du',
  publishedTo: 'au',
  mine: 'Mes demandes',
  document: 'Document',
  documentName: 'Nom du document',
  status: 'Statut',
  allStatuses: 'Tous',
  statuses: ['en étude', 'refusée', 'traitée'] as const,
  applicant: 'Demandeur',
  date: 'Date',
  requestTitle: 'Titre',
  description: 'Description',
  comment: 'Commentaire',
  commentTooLong: 'Ce champ doit contenir au plus 255 caractères.',
  chooseDocument: 'Choisir un document',
  documentSearchHint: 'Saisissez une partie du nom, du dossier ou de la bibliothèque.',
  sent: 'la demande est envoyé',
  updated: 'la demande est mise à jour',
  open: (title: string) => `Ouvrir la demande ${title}`,
} as const;

import { commonMessages } from '../common';

/** French copy of the news screens (spec part 1 §2, §4, §5, §8). */
export const messages = {
  ...commonMessages,
  saveFailed: "Erreur lors de l'enregistrement de l'actualité",
  titleTooShort: 'Ce champ doit contenir au moins 4 caractères.',
  imageRequired: 'Une image est requise.',
  profilesRequired: 'Choisissez au moins un profil à notifier.',

  listTitle: 'Actualités',
  staffListTitle: 'Actualités',
  newsGrid: 'Liste des actualités',
  detailTitle: 'Actualité',
  notFound: 'Cette actualité n’existe pas ou n’est plus disponible.',
  backToList: 'Retour aux actualités',
  publishedOn: (date: string) => `Publiée le ${date}`,
  hidden: 'Masquée',
  visible: 'Affichée',

  // Filters (same form for agents and staff).
  filters: 'Filtres des actualités',
  filterTitle: 'Titre',
  filterTerms: 'Contient',
  filterAfter: 'Publiée à partir du',
  filterBefore: 'Publiée jusqu’au',
  filterSlider: 'Affiché en Carousel',
  empty: 'Il n’y a pas d’actualités pour la sélection courante.',
  end: 'Il n’y a plus d’actualités à afficher.',
  loadMore: 'Charger plus d’actualités',
  dateRangeInvalid: 'La date de fin doit suivre la date de début.',

  // Staff list actions.
  create: 'Créer une actualité',
  duplicate: 'Dupliquer',
  toggleDisplayed: 'Afficher l’actualité aux mandataires',
  displayedOn: 'L’actualité est maintenant affichée.',
  displayedOff: 'L’actualité est maintenant masquée.',
  deleteTitle: 'Supprimer l’actualité',
  deleteConfirm: (title: string) =>
    `L’actualité « ${title} » sera définitivement supprimée. Continuer ?`,
  deleted: 'L’actualité a bien été supprimée.',
  duplicateTitle: 'Dupliquer l’actualité',
  duplicateHint: 'La copie est créée masquée : affichez-la quand elle est prête.',
  duplicateSubmit: 'Dupliquer',
  duplicated: 'L’actualité a bien été dupliquée.',

  // Form.
  createTitle: 'Créer une actualité',
  editTitle: 'Modifier l’actualité',
  fieldTitle: 'Titre',
  fieldDate: 'Date de publication',
  fieldContent: 'Contenu',
  fieldContentHint:
    'Le texte sans mise en forme garde ses retours à la ligne ; le contenu est nettoyé à l’affichage.',
  fieldImage: 'Image',
  chooseImage: 'Choisir une image',
  changeImage: 'Changer d’image',
  noImage: 'Aucune image choisie.',
  pickerTitle: 'Choisir une image de la banque d’images',
  pickerFilter: 'Rechercher par titre',
  pickerConfirm: 'Choisir cette image',
  flagsLegend: 'Publication',
  fieldDisplayed: 'Affichée aux mandataires',
  fieldPopup: 'Afficher en popup à la connexion',
  fieldSlider: 'Affiché en Carousel',
  sliderFull:
    'Trois actualités sont déjà dans le carrousel : retirez-en une pour ajouter celle-ci.',
  fieldProfiles: 'Profils à notifier',
  fieldNotify: 'Envoyer une notification aux profils choisis',
  notificationDescription: 'Nouvelle actualité :',
  fieldNotifyHint: 'La notification expire 7 jours après la date de l’actualité.',
  created: 'L’actualité a bien été créée.',
  updated: 'L’actualité a bien été modifiée.',
  notificationFailed: (message: string) =>
    `L’actualité est enregistrée, mais la notification n’a pas pu être envoyée : ${message}`,
  draftRestored: 'Un brouillon non enregistré a été restauré.',
  discardDraft: 'Abandonner le brouillon',
  editorLoading: 'Chargement de l’éditeur…',

  // Popup after sign-in.
  popupProgress: (position: number, total: number) => `Actualité ${position} sur ${total}`,
} as const;

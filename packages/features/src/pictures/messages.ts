import { FILE_TOO_LARGE, FILE_TYPE_REFUSED } from '@portal/api/generated/field-messages';
import { commonMessages } from '../common';

/** French copy of the pictures library and the image bank picker (spec part 1 §2, §5, §8). */
export const messages = {
  ...commonMessages,
  pageTitle: 'Banque d’images',
  titleFilter: 'Titre',
  addImage: 'Ajouter une image',
  gridLabel: 'Images de la banque',
  endOfList: "Il n'y a plus d'images à afficher.",
  empty: "Il n'y a pas d'images pour la sélection courante.",
  loadMore: 'Charger plus',

  addTitle: 'Ajouter une image',
  editTitle: 'Modifier l’image',
  title: 'Titre',
  image: 'Image',
  imageRequired: 'Une image est requise.',
  // The backend's own messages (POST /media_objects), so both checks read the same.
  tooLarge: FILE_TOO_LARGE,
  badType: FILE_TYPE_REFUSED,
  hint: (max: string) => `PNG, JPEG, GIF ou WebP, ${max} maximum`,
  uploading: (percent: number) => `Envoi du fichier : ${percent} %`,
  created: 'L’image a bien été ajoutée.',
  updated: 'L’image a bien été modifiée.',
  deleted: 'L’image a bien été supprimée.',

  deleteTitle: 'Supprimer l’image',
  deleteQuestion: (title: string) => `Voulez-vous vraiment supprimer l’image « ${title} » ?`,
  deleteWarning: 'Une image rattachée à une actualité ne peut pas être supprimée.',

  pickerLabel: 'Image',
  pickerChoose: 'Choisir dans la banque d’images',
  pickerChange: 'Changer d’image',
  pickerRemove: 'Retirer l’image',
  pickerTitle: 'Choisir une image',
  pickerSelect: 'Sélectionner',
  pickerNone: 'Aucune image choisie.',
} as const;

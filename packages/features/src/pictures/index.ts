export {
  IMAGE_ACCEPT,
  IMAGE_BANK_PAGE_SIZE,
  IMAGE_MAX_SIZE,
  mediaUrl,
  type ImageBankItem,
} from './image-bank';
export { ImageBankGrid, type ImageBankGridProps } from './image-bank-grid';
export {
  ImageBankPicker,
  ImageBankPickerDialog,
  type ImageBankPickerDialogProps,
  type ImageBankPickerProps,
} from './image-bank-picker';
export { PicturesLibraryPage } from './pictures-library-page';

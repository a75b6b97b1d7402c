export { LibraryHub } from './library-hub';
export { LibraryPage, type LibraryPageProps } from './library-page';
export { LIBRARY_EDIT_COMPONENTS, LIBRARY_VIEW_COMPONENTS, libraryPaths } from './library-paths';
export { ModificationRequestsPage } from './modification-requests-page';
export {
  ModificationRequestDialog,
  type ModificationRequestDialogProps,
} from './modification-request-dialog';

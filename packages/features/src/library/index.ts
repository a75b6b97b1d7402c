export { LibraryPage, type LibraryPageProps } from './library-page';
export { LIBRARY_EDIT_COMPONENTS, libraryPaths } from './library-paths';

import { PicturesLibraryPage } from '@portal/features/pictures';

export default PicturesLibraryPage;

import { LibraryHub } from '@portal/features/library';

export default function LibraryHubPage() {
  return <LibraryHub />;
}

import { LibraryPage } from '@portal/features/library';

export default function Library({ params }: { params: Record<string, string | undefined> }) {
  return <LibraryPage type="rac" folderId={params.folderId} />;
}

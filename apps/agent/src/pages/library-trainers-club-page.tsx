import { LibraryPage } from '@portal/features/library';

export default function Library({ params }: { params: Record<string, string | undefined> }) {
  return <LibraryPage type="trainers-club" folderId={params.folderId} />;
}

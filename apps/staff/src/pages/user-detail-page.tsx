import { UserDetailPage } from '@portal/features/administration/user-pages';

export default function UserDetail({ params }: { params: Record<string, string | undefined> }) {
  return <UserDetailPage id={params.id ?? ''} />;
}

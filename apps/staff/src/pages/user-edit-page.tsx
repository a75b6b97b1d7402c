import { UserFormPage } from '@portal/features/administration/user-pages';

export default function UserEdit({ params }: { params: Record<string, string | undefined> }) {
  return <UserFormPage id={params.id ?? ''} />;
}

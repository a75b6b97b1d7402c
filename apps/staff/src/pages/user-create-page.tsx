import { UserFormPage } from '@portal/features/administration/user-pages';

export default function UserCreate() {
  return <UserFormPage />;
}

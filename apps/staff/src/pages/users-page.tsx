import { UsersPage } from '@portal/features/administration/users';

export default UsersPage;

import { UsersPage } from '@portal/features/administration';

export default UsersPage;

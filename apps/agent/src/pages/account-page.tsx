import { AccountPage } from '@portal/features/account';

export default AccountPage;

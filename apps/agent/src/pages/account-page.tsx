import { AccountPage } from '@portal/features/account';
import { agentPaths } from '@portal/features/paths';

export default function MyAccountPage() {
  return <AccountPage editPath={agentPaths.accountEdit} />;
}

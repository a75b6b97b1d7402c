import { AccountEditPage } from '@portal/features/account';
import { agentPaths } from '@portal/features/paths';

export default function MyAccountEditPage() {
  return <AccountEditPage accountPath={agentPaths.account} />;
}

import { StaffAccountPage } from '@portal/features/account';

export default function StaffAccount() {
  return <StaffAccountPage />;
}

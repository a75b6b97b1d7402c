import { SupportPage } from '@portal/features/support';

export default function Support() {
  return <SupportPage />;
}

import { ProspectsPage } from '@portal/features/prospects';

export default function MyProspects() {
  return <ProspectsPage scope="mine" />;
}

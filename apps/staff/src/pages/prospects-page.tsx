import { ProspectsPage } from '@portal/features/prospects';

export default function NetworkProspects() {
  return <ProspectsPage scope="network" />;
}

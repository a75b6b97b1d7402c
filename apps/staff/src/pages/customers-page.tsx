import { CustomersPage } from '@portal/features/customers';

export default function NetworkCustomersPage() {
  return <CustomersPage scope="network" />;
}

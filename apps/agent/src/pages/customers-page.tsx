import { CustomersPage } from '@portal/features/customers';

export default function MyCustomersPage() {
  return <CustomersPage scope="mine" />;
}

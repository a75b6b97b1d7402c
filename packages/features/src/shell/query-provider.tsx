import { createQueryClient } from '@portal/api/queries';
import { registerQueryClient } from '@portal/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// One cache for the whole tab, created when the first signed-in page loads.
const queryClient = createQueryClient();
registerQueryClient(queryClient);

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

import { WelcomePanel } from '@portal/features/home';
import { AppShell } from '@portal/features/shell';

export default function HomePage() {
  return (
    <AppShell title="Espace mandataire">
      <WelcomePanel />
    </AppShell>
  );
}

import { WelcomePanel } from '@portal/features/home';

export default function HomePage() {
  return <WelcomePanel />;
}

export { AppShell } from './app-shell';
export { startPortal } from './portal-root';
export { SignedIn } from './signed-in';

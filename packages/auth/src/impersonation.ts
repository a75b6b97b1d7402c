import type { Session } from '@portal/api/main';
import {
  createHandoff,
  exitImpersonationSession,
  startImpersonationSession,
} from '@portal/api/session';
import { navigate } from 'wouter/use-browser-location';
import { audienceOf, homePath } from './paths';
import { authSetup, clearQueryCache, signOut, siblingAppUrl, USERS_ADMIN_PATH } from './setup';
import { useSessionStore } from './store';

async function exit(session: Session): Promise<void> {
  // Best effort: an expired impersonated token must not keep the administrator stuck.
  await exitImpersonationSession(session.token).catch(() => undefined);
}

/**
 * Views the portal as another user. The administrator's session is kept aside; a user of
 * this app opens here, an agent opens in the agent portal through a single-use hand-off
 * code created with the impersonated token (no token ever travels in a URL).
 */
export async function startImpersonation(userId: number): Promise<void> {
  const store = useSessionStore.getState();
  const admin = store.session;
  if (!admin) throw new Error('Aucune session.');
  const target = await startImpersonationSession(userId);
  clearQueryCache();
  const { app, pages } = authSetup();
  if (audienceOf(target) === app) {
    store.enterImpersonation(admin, target);
    navigate(homePath(target, pages), { replace: true });
    return;
  }
  let code: string;
  try {
    ({ code } = await createHandoff(target.token));
  } catch (error) {
    await exit(target);
    throw error;
  }
  store.enterImpersonation(admin, null);
  window.location.assign(`${siblingAppUrl()}/auth/handoff#code=${encodeURIComponent(code)}`);
}

/**
 * 'Revenir à ma session': ends the impersonation and opens the administrator's session on
 * the users page of the staff console (from the agent portal, the staff console resumes the
 * session it kept).
 */
export async function returnToMySession(): Promise<void> {
  const store = useSessionStore.getState();
  const session = store.session;
  if (!session?.isImpersonateUser) return;
  await exit(session);
  clearQueryCache();
  if (authSetup().app === 'staff') {
    // A 401 on the exit call may already have resumed the administrator session.
    if (useSessionStore.getState().session === session) store.resumeAdminSession();
    const resumed = useSessionStore.getState().session;
    if (resumed && !resumed.isImpersonateUser) {
      navigate(USERS_ADMIN_PATH, { replace: true });
      return;
    }
  }
  signOut();
  const staffUrl = authSetup().app === 'staff' ? '' : siblingAppUrl();
  window.location.assign(`${staffUrl}${USERS_ADMIN_PATH}`);
}

import type { CurrentUser } from '@portal/api/session';
import { useSessionStore } from './store';

/** What an administrator may change while the user is signed in, read back from `GET /me`. */
const ACCESS_FIELDS = ['components', 'roles', 'profilName', 'profileType', 'menuLinks'] as const;

/**
 * Takes the user's current rights from a fresh `GET /me` into the signed-in session, so a
 * component ticked or unticked by an administrator reaches him on his next navigation or
 * reload, not only at his next sign-in. Only the access fields are taken (the sign-in flags,
 * such as the news popup's, stay as the session has them), and only when the answer is about
 * the session still open (an impersonation may have started meanwhile).
 */
export function refreshSessionAccess(user: CurrentUser): boolean {
  const { session, setSession } = useSessionStore.getState();
  if (
    !session ||
    session.userId !== user.userId ||
    session.isImpersonateUser !== user.isImpersonateUser
  )
    return false;
  const changed = ACCESS_FIELDS.filter(
    (field) => JSON.stringify(session[field]) !== JSON.stringify(user[field]),
  );
  if (changed.length === 0) return false;
  const next = { ...session };
  for (const field of changed) Object.assign(next, { [field]: user[field] });
  setSession(next);
  return true;
}

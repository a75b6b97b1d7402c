import type { Session } from '@portal/api/main';

export type AppName = 'agent' | 'staff';

/** A route of an app, in menu order, with the component that gates it (null: any signed-in user). */
export interface PageRoute {
  path: string;
  component?: string | null;
}

const WANTED_PATH_KEY = 'portal.wantedPath';
const PUBLIC_PATHS = ['/login', '/logout', '/forbidden', '/not-found', '/auth/handoff'];

/**
 * Only a relative path of this app is ever followed after sign-in (no open redirect):
 * `//evil.example`, `/\evil.example` or `https://…` are refused.
 */
export function safeRelativePath(candidate: string | null | undefined): string | null {
  if (
    !candidate ||
    !candidate.startsWith('/') ||
    candidate.startsWith('//') ||
    candidate.includes('\\')
  ) {
    return null;
  }
  try {
    const base = 'http://same.origin';
    const url = new URL(candidate, base);
    if (url.origin !== base) return null;
    if (PUBLIC_PATHS.includes(url.pathname) || url.pathname.startsWith('/reset-password'))
      return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

export function rememberWantedPath(path: string): void {
  const safe = safeRelativePath(path);
  if (safe) sessionStorage.setItem(WANTED_PATH_KEY, safe);
}

export function takeWantedPath(): string | null {
  const path = safeRelativePath(sessionStorage.getItem(WANTED_PATH_KEY));
  sessionStorage.removeItem(WANTED_PATH_KEY);
  return path;
}

export const isDisabled = (session: Pick<Session, 'roles'>) =>
  session.roles.includes('ROLE_DISABLED');

/** Agents (profile type Mandataire) belong to the agent portal, everyone else to the staff console. */
export const audienceOf = (session: Pick<Session, 'profileType'>): AppName =>
  session.profileType === 'Mandataire' ? 'agent' : 'staff';

/** Roles containing ROLE_MANDATAIRE get the agent menu; every other user gets the staff menu. */
export const menuAudience = (session: Pick<Session, 'roles'>): AppName =>
  session.roles.some((role) => role.includes('ROLE_MANDATAIRE')) ? 'agent' : 'staff';

/**
 * The first page of the app, in menu order, whose component the user holds; otherwise `/`.
 * Routes with a parameter (`/news/:id`) name no page one can land on, so they are skipped.
 */
export function homePath(
  session: Pick<Session, 'components'>,
  pages: readonly PageRoute[],
): string {
  const held = new Set(session.components);
  const landing = (page: PageRoute) =>
    !page.path.includes(':') && page.component != null && held.has(page.component);
  return pages.find(landing)?.path ?? '/';
}

/**
 * Where a session handed over from the other app goes (`/auth/handoff`): the path the user asked
 * for there when this app has a page for it whose component he holds (a helpdesk sign-on
 * started in the wrong app, `/redirect/helpdesk?…`, still completes), otherwise the home path.
 */
export function handoffTarget(
  session: Pick<Session, 'components'>,
  pages: readonly PageRoute[],
  wanted: string | null | undefined,
): string {
  const safe = safeRelativePath(wanted);
  if (safe) {
    const { pathname } = new URL(safe, 'http://same.origin');
    const page = pages.find((candidate) => matchesPattern(candidate.path, pathname));
    if (page && (page.component == null || session.components.includes(page.component)))
      return safe;
  }
  return homePath(session, pages);
}

/** A wouter pattern of plain segments and `:parameters` (`/redirect/:sso`) against a pathname. */
function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) =>
      segment.startsWith(':') ? have[i] !== '' : segment === decodedSegment(have[i]!),
    )
  );
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) stays as it is and matches nothing. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

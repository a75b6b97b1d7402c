import type { Session } from '@portal/api/main';
import { authSetup } from '@portal/auth';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { describeClick } from './events';
import { createTracker } from './tracker';

/** The page shown: its French title and its route pattern (`/library/bibliotheque/:folderId`). */
export interface TrackedPage {
  title: string;
  route: string;
}

/**
 * Records the signed-in user's PAGE views, clicks and document opens for usage tracking, each
 * keyed by the page's route pattern (one key per page, whatever the ids in its path), and
 * flushes the queue when the tab is hidden or closed.
 */
export function useTracking(session: Session | null, { title, route }: TrackedPage): void {
  const [location] = useLocation();
  // The click listener lives as long as the tracker; it reads the page shown at the click.
  const routeRef = useRef(route);
  const sessionId = session?.sessionId;
  const token = session?.token;
  const tracker = useMemo(
    () =>
      sessionId && token
        ? createTracker({
            endpoint: `${authSetup().config.mainApiUrl}/sessions/${encodeURIComponent(sessionId)}/events`,
            token,
          })
        : null,
    [sessionId, token],
  );

  useEffect(() => {
    if (!tracker) return;
    const onClick = (event: MouseEvent) => {
      const click = describeClick(event.target);
      if (click)
        tracker.record(click.type, click.action, window.location.pathname, routeRef.current);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') tracker.flush();
    };
    const onPageHide = () => tracker.flush();
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Another session (impersonation) or signing out: this session's events leave now.
      tracker.flush();
    };
  }, [tracker]);

  useEffect(() => {
    routeRef.current = route;
    tracker?.record('PAGE', title, location, route);
  }, [tracker, location, title, route]);
}

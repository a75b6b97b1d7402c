import type { Session } from '@portal/api/main';
import { messages as authMessages, useSession } from '@portal/auth';
import { Header } from '@portal/ui/header';
import { Sidebar, type SidebarLinkProps } from '@portal/ui/sidebar';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { mediaUrl } from '../common';
import { HeaderActions } from './header-actions';
import { ImpersonationBanner } from '@portal/auth/impersonation-banner';
import { activeMenuHref, buildMenu } from './menu';
import { messages } from './messages';
import { NotificationBell } from './notification-bell';
import { portal, portalScreens } from './routes';
import { focusMainHeading, useRouteFocus } from './use-route-focus';

function RouterLink({ href, children, ...props }: SidebarLinkProps) {
  return (
    <Link href={href} {...props}>
      {children}
    </Link>
  );
}

/**
 * The header's user: his name and photo, the photo's address built like the account page's
 * (`mediaUrl()`: the API's host, not the portal's).
 */
export function headerUserOf(session: Pick<Session, 'fullName' | 'picture' | 'circularPicture'>): {
  name: string;
  pictureUrl: string | null;
} {
  return {
    name: session.fullName,
    pictureUrl: mediaUrl(session.circularPicture ?? session.picture) || null,
  };
}

/** Frame of the signed-in pages of both apps: header, sidebar menu and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const definition = portal();
  const screens = portalScreens();
  const sections = useMemo(
    () => (session ? buildMenu(session, { app: definition.app, ...screens }) : []),
    [session, definition.app, screens],
  );

  const mainRef = useRef<HTMLElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  useRouteFocus(location, mainRef);
  useStickyOffset(topRef);

  const skipToContent = (event: MouseEvent) => {
    event.preventDefault();
    if (!focusMainHeading(mainRef.current)) mainRef.current?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <a
        href="#main-content"
        onClick={skipToContent}
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {messages.skipToContent}
      </a>
      {/* Header (and the impersonation banner) stay in view on long pages. */}
      <div ref={topRef} className="sticky top-0 z-30">
        {session?.isImpersonateUser && <ImpersonationBanner />}
        <Header
          brand={
            // The family's mark and the product's name, in the app's accent (staff: teal).
            <Link href="/" className="flex min-w-0 items-center gap-2">
              <span aria-hidden="true" className="brand-mark size-7 shrink-0" />
              {/* On a phone the name wraps onto two lines rather than losing its end. */}
              <span className="min-w-0 leading-tight sm:truncate">{definition.title}</span>
            </Link>
          }
          versionLabel={authMessages.versionLabel}
          user={session ? headerUserOf(session) : null}
          notifications={<NotificationBell />}
          actions={session && <HeaderActions />}
        />
      </div>
      <div className="flex flex-1 flex-col md:flex-row">
        <Sidebar
          className="md:sticky md:top-(--shell-top) md:h-[calc(100dvh-var(--shell-top))] md:self-start md:overflow-y-auto"
          sections={sections}
          activeHref={activeMenuHref(sections, location)}
          label={messages.mainMenu}
          toggleLabel={messages.menuToggle}
          newTabLabel={messages.newTab}
          linkComponent={RouterLink}
        />
        <main
          id="main-content"
          ref={mainRef}
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 outline-none md:p-6"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Publishes the height of the sticky top (header, banner) as `--shell-top`: the sidebar sticks
 * below it and the page scrolls a focused element clear of it (scroll-padding).
 */
function useStickyOffset(topRef: { current: HTMLElement | null }) {
  useEffect(() => {
    const top = topRef.current;
    if (!top) return;
    const root = document.documentElement;
    const publish = () => {
      const height = `${Math.ceil(top.getBoundingClientRect().height)}px`;
      root.style.setProperty('--shell-top', height);
      root.style.scrollPaddingTop = height;
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(top);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-top');
      root.style.scrollPaddingTop = '';
    };
  }, [topRef]);
}

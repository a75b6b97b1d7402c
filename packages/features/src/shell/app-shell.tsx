import { messages as authMessages, useSession } from '@portal/auth';
import { Header } from '@portal/ui/header';
import { Sidebar, type SidebarLinkProps } from '@portal/ui/sidebar';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { HeaderActions } from './header-actions';
import { activeMenuHref, buildMenu } from './menu';
import { messages } from './messages';
import { NotificationBell } from './notification-bell';
import { portal } from './routes';

function RouterLink({ href, children, ...props }: SidebarLinkProps) {
  return (
    <Link href={href} {...props}>
      {children}
    </Link>
  );
}

/** Frame of the signed-in pages of both apps: header, sidebar menu and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const definition = portal();
  const sections = useMemo(
    () => (session ? buildMenu(session, definition) : []),
    [session, definition],
  );

  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <Header
        brand={<Link href="/">{definition.title}</Link>}
        versionLabel={authMessages.versionLabel}
        user={
          session
            ? { name: session.fullName, pictureUrl: session.circularPicture ?? session.picture }
            : null
        }
        notifications={<NotificationBell />}
        actions={session && <HeaderActions session={session} />}
      />
      <div className="flex flex-1 flex-col md:flex-row">
        <Sidebar
          sections={sections}
          activeHref={activeMenuHref(sections, location)}
          label={messages.mainMenu}
          toggleLabel={messages.menuToggle}
          newTabLabel={messages.newTab}
          linkComponent={RouterLink}
        />
        <main className="min-w-0 flex-1 p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}

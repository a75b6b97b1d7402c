import { menuAudience } from '@portal/auth';
import type { Session } from '@portal/api/main';
import type { SidebarSection } from '@portal/ui/sidebar';
import type { PortalDefinition, PortalScreens } from './routes';
import { messages } from './messages';

/**
 * The sidebar of a session: the app's menu when the roles call for it (agent menu for
 * ROLE_MANDATAIRE roles, staff menu otherwise), each item only when its component is held,
 * then the session's external links.
 */
export function buildMenu(
  session: Pick<Session, 'roles' | 'components' | 'menuLinks'>,
  {
    app,
    routes,
    sections,
  }: Pick<PortalDefinition, 'app'> & Pick<PortalScreens, 'routes' | 'sections'>,
): SidebarSection[] {
  const held = new Set(session.components);
  const own =
    menuAudience(session) === app
      ? sections.map((section) => ({
          id: section.id,
          title: section.title,
          items: routes
            .filter((route) => route.menu?.section === section.id)
            .filter((route) => route.component === null || held.has(route.component))
            .map((route) => ({
              id: route.path,
              label: route.menu?.label ?? route.title,
              href: route.path,
            })),
        }))
      : [];
  const links = session.menuLinks.map((link) => ({
    id: `link-${link.name}`,
    label: link.displayName,
    href: link.url,
    external: true,
  }));
  return links.length > 0
    ? [...own, { id: 'menu-links', title: messages.linksSection, items: links }]
    : own;
}

/** The menu item of the current page: the longest item path the location starts with. */
export function activeMenuHref(sections: SidebarSection[], location: string): string | undefined {
  const hrefs = sections.flatMap((section) =>
    section.items.filter((item) => !item.external).map((item) => item.href),
  );
  const matches = hrefs.filter(
    (href) => location === href || (href !== '/' && location.startsWith(`${href}/`)),
  );
  return matches.sort((a, b) => b.length - a.length)[0];
}

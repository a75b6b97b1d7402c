import { StaffHome, type StaffHomeLink } from '@portal/features/home';
import { routes, sections } from '../routes';

// Every menu page of the console but this one; the home shows those the user holds.
const links: StaffHomeLink[] = routes
  .filter((route) => route.menu && route.path !== '/accueil')
  .map((route) => ({
    href: route.path,
    label: route.menu?.label ?? route.title,
    component: route.component,
    section: sections.find((section) => section.id === route.menu?.section)?.title,
  }));

export default function HomePage() {
  return <StaffHome links={links} />;
}

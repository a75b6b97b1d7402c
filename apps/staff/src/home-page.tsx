import { StaffHome, type StaffHomeLink } from '@portal/features/home';
import { staffPaths } from '@portal/features/paths/staff';
import { StaffDashboard } from '@portal/features/statistics/dashboard';
import type { AppRoute } from '@portal/features/shell';
import { pageTable, sections } from './routes';

const pages: readonly Omit<AppRoute, 'page'>[] = pageTable;

// Every menu page of the console but this one; the home shows those the user holds.
const links: StaffHomeLink[] = pages
  .filter((route) => route.menu && route.path !== staffPaths.home)
  .map((route) => ({
    href: route.path,
    label: route.menu?.label ?? route.title,
    component: route.component,
    section: sections.find((section) => section.id === route.menu?.section)?.title,
  }));

export default function HomePage() {
  return (
    <StaffHome
      links={links}
      dashboard={<StaffDashboard />}
      trainingHref={staffPaths.ssoRedirect('odysseal')}
    />
  );
}

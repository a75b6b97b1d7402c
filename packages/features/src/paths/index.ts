/**
 * The agent portal's signed-in pages, one route table per area (`./<area>.ts`: path, component,
 * title, menu entry, lazy page and helper name of each page), composed here in menu order; the
 * staff console's are in `./staff/` (`@portal/features/paths/staff`). Apart so that the agent's
 * first chunk, which takes this module, carries none of the staff pages. The apps' route tables
 * and menus (`apps/<app>/src/routes.ts`), the path helpers and the backend's catalogue check
 * (`apps/backend/test/app-routes.test.ts`, which reads the area files as text) all come from
 * them: a route is written once. Only route data is imported here, never a screen.
 */
import * as account from './account';
import * as customers from './customers';
import * as home from './home';
import * as library from './library';
import * as news from './news';
import * as prospects from './prospects';
import { pathHelpers, table } from './table';
import * as sales from './sales';
import * as sponsorship from './sponsorship';
import * as teams from './teams';
import * as training from './training';
import * as reminders from './reminders';
import * as sso from './sso';
import * as support from './support';
import * as invoices from './invoices';

export type { RouteEntry } from './route-entry';
export type { PathHelpers } from './table';

/** Agent portal (`apps/agent`), in menu order (the first page held is the home path). */
export const agentRouteTable = /* @__PURE__ */ table(
  home.agentRoutes,
  account.agentRoutes,
  customers.agentRoutes,
  prospects.agentRoutes,
  sales.agentRoutes,
  training.agentRoutes,
  teams.agentRoutes,
  sponsorship.agentRoutes,
  news.agentRoutes,
  reminders.agentRoutes,
  library.agentRoutes,
  sso.agentRoutes,
  invoices.agentRoutes,
  support.agentRoutes,
);

/** The agent portal's URLs, for links and navigation: `agentPaths.customerDetail(id)`. */
export const agentPaths = /* @__PURE__ */ pathHelpers(agentRouteTable);

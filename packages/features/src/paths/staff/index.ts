/**
 * The staff console's signed-in pages, one route table per area (`./<area>.ts`), composed here in
 * menu order; see `../index.ts`. Shared screens import `staffPaths` from here, never from
 * `../index.ts`, so that the agent portal loads these tables only with the screens using them.
 */
import { pathHelpers, table } from '../table';
import * as account from './account';
import * as administration from './administration';
import * as analytics from './analytics';
import * as customers from './customers';
import * as home from './home';
import * as invoices from './invoices';
import * as library from './library';
import * as news from './news';
import * as notifications from './notifications';
import * as odysseal from './odysseal';
import * as pictures from './pictures';
import * as prospects from './prospects';
import * as reminders from './reminders';
import * as sales from './sales';
import * as sso from './sso';
import * as statistics from './statistics';
import * as teams from './teams';

/** Staff console (`apps/staff`), in menu order. */
export const staffRouteTable = /* @__PURE__ */ table(
  home.staffRoutes,
  customers.staffRoutes,
  prospects.staffRoutes,
  sales.staffRoutes,
  teams.staffRoutes,
  news.staffRoutes,
  reminders.staffRoutes,
  library.staffRoutes,
  invoices.staffRoutes,
  pictures.staffRoutes,
  notifications.staffRoutes,
  administration.staffRoutes,
  odysseal.staffRoutes,
  analytics.staffRoutes,
  statistics.staffRoutes,
  sso.staffRoutes,
  account.staffRoutes,
);

/** The staff console's URLs: `staffPaths.newsEdit(id)`. */
export const staffPaths = /* @__PURE__ */ pathHelpers(staffRouteTable);

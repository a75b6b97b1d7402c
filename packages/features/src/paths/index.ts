/**
 * The apps' signed-in pages, one route table per area (`./<area>.ts`: path, component, title,
 * menu entry, lazy page and helper name of each page, per app), composed here in menu order.
 * The apps' route tables and menus (`apps/<app>/src/routes.ts`), the path helpers below and
 * the backend's catalogue check (`apps/backend/test/app-routes.test.ts`, which reads the area
 * files as text) all come from them: a route is written once. Only route data is imported, so
 * an app's first chunk may take this module without pulling in a screen.
 */
import * as account from './account';
import * as administration from './administration';
import * as customers from './customers';
import * as home from './home';
import * as library from './library';
import * as news from './news';
import * as notifications from './notifications';
import * as odysseal from './odysseal';
import * as pictures from './pictures';
import * as prospects from './prospects';
import type { RouteEntry } from './route-entry';
import * as sales from './sales';
import * as sponsorship from './sponsorship';
import * as teams from './teams';
import * as training from './training';
import * as reminders from './reminders';
import * as analytics from './analytics';
import * as sso from './sso';
import * as invoices from './invoices';

export type { RouteEntry } from './route-entry';

type Id = number | string;

/** One argument per `:param` of a pattern. */
type Params<P extends string, Acc extends Id[] = []> = P extends `${string}:${string}/${infer Rest}`
  ? Params<Rest, [...Acc, Id]>
  : P extends `${string}:${string}`
    ? [...Acc, Id]
    : Acc;

/** `name: pattern` for a fixed path, `name: (...ids) => path` for a pattern with parameters. */
export type PathHelpers<R extends readonly RouteEntry[]> = {
  [E in R[number] as E extends { name: infer N extends string } ? N : never]: Params<
    E['path']
  > extends []
    ? E['path']
    : (...ids: Params<E['path']>) => string;
};

const table = <const T extends readonly (readonly RouteEntry[])[]>(
  ...areas: T
): readonly T[number][number][] => areas.flat();

/** The path helpers of a table: each `:param` replaced by the next argument. */
function pathHelpers<R extends readonly RouteEntry[]>(routes: R): PathHelpers<R> {
  const helpers: Record<string, unknown> = {};
  for (const route of routes) {
    if (!route.name) continue;
    const { path } = route;
    helpers[route.name] = path.includes(':')
      ? (...ids: Id[]) => {
          let next = 0;
          return path.replace(/:\w+/g, () => String(ids[next++]));
        }
      : path;
  }
  return helpers as PathHelpers<R>;
}

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
);

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
);

/** The agent portal's URLs, for links and navigation: `agentPaths.customerDetail(id)`. */
export const agentPaths = /* @__PURE__ */ pathHelpers(agentRouteTable);

/** The staff console's URLs: `staffPaths.newsEdit(id)`. */
export const staffPaths = /* @__PURE__ */ pathHelpers(staffRouteTable);

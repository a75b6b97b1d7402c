/**
 * One signed-in page of an app, declared once in its area's route table (`paths/<area>.ts`):
 * the app's route table, its menu, the path helpers (`agentPaths`, `staffPaths`) and the
 * backend's catalogue check (`apps/backend/test/app-routes.test.ts`) all read it.
 */
export interface RouteEntry {
  /** wouter pattern, e.g. `/news/:id`; written as a literal (the backend test reads it). */
  readonly path: string;
  /** The catalogue component the user must hold to open the page. */
  readonly component: string;
  /** Page title: the tab's title and the action of its usage-tracking PAGE event. */
  readonly title: string;
  /** Shown in the sidebar under this section of the app, labelled `label` (default: title). */
  readonly menu?: { readonly section: string; readonly label?: string };
  /** The app's lazy screen: its loader's name in `apps/<app>/src/screens.tsx`. */
  readonly screen: string;
  /** Name of the path helper (`agentPaths.<name>`); none when no feature links to the page. */
  readonly name?: string;
}

import type { Session } from '@portal/api/main';
import type { AppName, PageRoute } from '@portal/auth';
import type { ComponentType, LazyExoticComponent } from 'react';

export type RouteParams = Record<string, string | undefined>;

/** One signed-in page of an app. The table's order is the menu order and the home-path order. */
export interface AppRoute {
  /** wouter pattern, e.g. `/news/:id`. */
  path: string;
  /** The component the user must hold to open the page; null when any signed-in user may. */
  component: string | null;
  /** Page title: the tab's title and the action of its usage-tracking PAGE event. */
  title: string;
  /** Shown in the sidebar under this section, labelled `label` (default: the title). */
  menu?: { section: string; label?: string };
  page: LazyExoticComponent<ComponentType<{ params: RouteParams }>> & {
    /** Starts fetching the page's chunk ahead of its first render (the same fetch the render awaits). */
    preload?: () => Promise<unknown>;
  };
}

export interface MenuSectionDef {
  id: string;
  title?: string;
}

/** What the signed-in pages need, loaded with the first of them (not with the sign-in route). */
export interface PortalScreens {
  /** The pages, in the same order as `PortalDefinition.pages`. */
  routes: readonly AppRoute[];
  sections: readonly MenuSectionDef[];
  /**
   * Rendered over every signed-in page while `when(session)` holds, loaded on demand (e.g. the
   * agent portal's news popup after sign-in).
   */
  overlays?: readonly PortalOverlay[];
}

export interface PortalDefinition {
  app: AppName;
  /** Name of the app in the header and the tab title. */
  title: string;
  /**
   * Path and component of each signed-in page, in menu order: all the first chunk needs (the
   * route guard, the home path after sign-in). Titles, menus and screens come with `load`, so a
   * new page costs the sign-in route a few bytes, not its title and loader.
   */
  pages: readonly PageRoute[];
  load: () => Promise<PortalScreens>;
}

export interface PortalOverlay {
  when: (session: Session) => boolean;
  component: LazyExoticComponent<ComponentType>;
}

let current: PortalDefinition | null = null;

export function definePortal(definition: PortalDefinition): void {
  current = definition;
}

export function portal(): PortalDefinition {
  if (!current) throw new Error('startPortal() must run before rendering.');
  return current;
}

let screens: PortalScreens | null = null;
let loading: Promise<PortalScreens> | null = null;

/** Loads the app's screens once (the signed-in frame waits for it). */
export function loadPortalScreens(): Promise<PortalScreens> {
  loading ??= portal()
    .load()
    .then((loaded) => (screens = loaded));
  return loading;
}

/** The app's screens; only inside the signed-in frame, which loads them first. */
export function portalScreens(): PortalScreens {
  if (!screens) throw new Error('loadPortalScreens() must resolve before rendering the frame.');
  return screens;
}

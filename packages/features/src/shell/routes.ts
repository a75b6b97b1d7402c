import type { Session } from '@portal/api/main';
import type { AppName } from '@portal/auth';
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
  page: LazyExoticComponent<ComponentType<{ params: RouteParams }>>;
}

export interface MenuSectionDef {
  id: string;
  title?: string;
}

export interface PortalDefinition {
  app: AppName;
  /** Name of the app in the header and the tab title. */
  title: string;
  routes: readonly AppRoute[];
  sections: readonly MenuSectionDef[];
  /**
   * Rendered over every signed-in page while `when(session)` holds, loaded on demand (e.g. the
   * agent portal's news popup after sign-in).
   */
  overlays?: readonly PortalOverlay[];
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

import type { AppRoute, RouteParams } from '@portal/features/shell';
import { type ComponentType, lazy } from 'react';
import { pageTable } from './routes';

export { sections } from './routes';

type Screen = { default: ComponentType<{ params: RouteParams }> };
/** Every page module, loaded on demand: each route names its own (`screen`). */
const pages = import.meta.glob<Screen>('./pages/*.tsx');
const screens = new Map<string, AppRoute['page']>();

/** The lazy screen of `pages/<name>.tsx`, one per file (routes sharing it share it). */
export function screen(name: string): AppRoute['page'] {
  const load = pages[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page apps/staff/src/pages/${name}.tsx`);
  if (!screens.has(name)) screens.set(name, lazy(load));
  return screens.get(name)!;
}

/** The staff console's signed-in pages, in menu order, each with its screen. */
export const routes: AppRoute[] = pageTable.map(({ screen: name, ...page }) => ({
  ...page,
  page: screen(name),
}));

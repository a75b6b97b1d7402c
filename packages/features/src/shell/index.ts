export { startPortal } from './portal-root';
export type {
  AppRoute,
  MenuSectionDef,
  PortalDefinition,
  PortalOverlay,
  PortalScreens,
  RouteParams,
} from './routes';
export {
  type Screen,
  type ScreenLoader,
  screensNotLoading,
  unmatchedScreens,
  withScreens,
} from './screens';
export { commonScreenLoaders, scopedScreenLoaders } from './screen-loaders';

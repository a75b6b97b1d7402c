export { startPortal } from './portal-root';
export type {
  AppRoute,
  MenuSectionDef,
  PortalDefinition,
  PortalOverlay,
  RouteParams,
} from './routes';

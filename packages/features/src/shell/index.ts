export { startPortal } from './portal-root';
export type { AppRoute, MenuSectionDef, PortalDefinition, RouteParams } from './routes';

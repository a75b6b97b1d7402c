import { inSection, sharedRoutes } from '../library';

/** The library pages, declared once with the agent portal's (`../library.ts`), under 'documents'. */
export const staffRoutes = /* @__PURE__ */ inSection(sharedRoutes, 'documents');

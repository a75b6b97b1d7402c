import { agentRouteTable } from '@portal/features/paths';

/**
 * The agent portal's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path). Declared in the areas' route tables of `@portal/features/paths`
 * (`packages/features/src/paths/<area>.ts`); `screens.ts` adds each page's lazy screen.
 */
export const pageTable = agentRouteTable;

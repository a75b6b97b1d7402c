import { staffRouteTable } from '@portal/features/paths/staff';
import type { MenuSectionDef } from '@portal/features/shell';

export const sections: MenuSectionDef[] = [
  { id: 'main' },
  { id: 'communication', title: 'Communication' },
  { id: 'documents', title: 'Documents' },
  { id: 'administration', title: 'Administration' },
  { id: 'training', title: 'Formation' },
  { id: 'statistics', title: 'Statistiques' },
  { id: 'tracking', title: 'Suivi de l’utilisation' },
];

/**
 * The staff console's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path), without their screens: `screens.ts` adds them, loaded on demand.
 * Declared in the areas' route tables of `@portal/features/paths/staff`
 * (`packages/features/src/paths/staff/<area>.ts`). The home page lists the menu pages from here,
 * so it never imports the module that loads it (no routes <-> home-page cycle).
 */
export const pageTable = staffRouteTable;

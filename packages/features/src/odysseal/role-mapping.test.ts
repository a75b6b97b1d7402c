import { describe, expect, it } from 'vitest';
import { roleMappingSchema, toFormValues, toPatch, type RoleMapping } from './role-mapping';

const mappings: RoleMapping[] = [
  { name: 'ROLE_ADMIN', title: 'Admin', mappedRole: 'ROLE_ADMIN' },
  { name: 'ROLE_COMMUNICATION', title: 'Communication', mappedRole: null },
];

describe('role mapping', () => {
  it("maps 'Aucun' to null and back", () => {
    const values = toFormValues(mappings);
    expect(values).toEqual({ roles: ['ROLE_ADMIN', ''] });
    expect(toPatch(mappings, { roles: ['ROLE_ADMIN', 'ROLE_RP'] })).toEqual([
      { name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' },
      { name: 'ROLE_COMMUNICATION', mappedRole: 'ROLE_RP' },
    ]);
  });

  it('needs at least one administrator', () => {
    const result = roleMappingSchema.safeParse({ roles: ['ROLE_TRAINER', ''] });
    expect(result.error?.issues[0]?.message).toBe(
      'Vous devez sélectionnez au moins un administrateur',
    );
    expect(roleMappingSchema.safeParse({ roles: ['', 'ROLE_ADMIN'] }).success).toBe(true);
  });
});

import type { components } from '@portal/api/main';
import * as z from 'zod/mini';
import { messages } from './messages';

export type RoleMapping = components['schemas']['RoleMapping'];

export const TRAINING_ROLES = ['ROLE_ADMIN', 'ROLE_TRAINED', 'ROLE_TRAINER', 'ROLE_RP'] as const;

/** Form values: the chosen role of each profile, in the list's order; '' is 'Aucun'. */
export const roleMappingSchema = z.object({
  roles: z
    .array(z.union([z.literal(''), z.enum(TRAINING_ROLES)]))
    .check(z.refine((roles) => roles.includes('ROLE_ADMIN'), messages.oneAdminRequired)),
});

export type RoleMappingValues = z.infer<typeof roleMappingSchema>;

export const toFormValues = (mappings: RoleMapping[]): RoleMappingValues => ({
  roles: mappings.map((mapping) => mapping.mappedRole ?? ''),
});

export const toPatch = (mappings: RoleMapping[], { roles }: RoleMappingValues) =>
  mappings.map((mapping, index) => {
    const role = roles[index] ?? '';
    return { name: mapping.name, mappedRole: role === '' ? null : role };
  });

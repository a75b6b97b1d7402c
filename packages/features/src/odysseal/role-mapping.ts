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

export type TrainingRole = (typeof TRAINING_ROLES)[number];

/**
 * The roles the caller may give or take away, as the backend rules: his own profile's training
 * role, every role for the training platform's administrator, none without one ('Aucun' always).
 */
export const rolesHeldBy = (held: TrainingRole | null | undefined): readonly TrainingRole[] =>
  held === 'ROLE_ADMIN' ? TRAINING_ROLES : held ? [held] : [];

// A read-only row's field may be left out of the values: it keeps its mapping.
export const toPatch = (mappings: RoleMapping[], { roles }: RoleMappingValues) =>
  mappings.map((mapping, index) => {
    const role = roles[index] ?? mapping.mappedRole ?? '';
    return { name: mapping.name, mappedRole: role === '' ? null : role };
  });

import * as z from 'zod/mini';
import { messages } from './messages';

export const PROFILE_TYPES = ['Mandataire', 'Hubnup'] as const;

export const supportEmailSchema = z.object({
  supportEmail: z.pipe(
    z.string().check(z.trim(), z.minLength(1, messages.required)),
    z.email(messages.invalidEmail),
  ),
});

export const addProfileSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, messages.required)),
  type: z.enum(PROFILE_TYPES),
});

export const deleteProfileSchema = z.object({
  profileId: z.string().check(z.minLength(1, messages.required)),
});

export type SupportEmailValues = z.infer<typeof supportEmailSchema>;
export type AddProfileValues = z.infer<typeof addProfileSchema>;
export type DeleteProfileValues = z.infer<typeof deleteProfileSchema>;

/** The title sent for a new profile: agent profiles are prefixed 'Mandataire - '. */
export function profileTitle({ name, type }: AddProfileValues): string {
  const title = name.trim();
  return type === 'Mandataire' && !title.startsWith(messages.agentPrefix)
    ? messages.agentPrefix + title
    : title;
}

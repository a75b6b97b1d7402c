import { limits } from '@portal/api/limits';
import { PASSWORD_POLICY } from '@portal/auth/schemas';
import * as z from 'zod/mini';
import { messages } from './messages';

const required = z.string().check(z.minLength(1, messages.required));
const email = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(limits.email, messages.tooLong(limits.email)),
    ),
  z.email(messages.invalidEmail),
);

/** Spec §5: email and confirmEmail both required, valid and equal. */
export const emailChangeSchema = z
  .object({ email, confirmEmail: email, currentPassword: required })
  .check(
    z.refine((values) => values.email.toLowerCase() === values.confirmEmail.toLowerCase(), {
      message: messages.emailMismatch,
      path: ['confirmEmail'],
    }),
  );
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;

/** The spec's sentence and the rule it leaves out: what the server enforces, said in full. */
export const passwordRules = `${messages.passwordPolicy} ${messages.passwordSpecialRule}`;

/** Spec §5 and §8: the password policy, and a confirmation equal to it. */
export const passwordChangeSchema = z
  .object({
    currentPassword: required,
    password: z
      .string()
      .check(z.minLength(1, messages.required), z.regex(PASSWORD_POLICY, passwordRules)),
    confirmation: required,
  })
  .check(
    z.refine((values) => values.password === values.confirmation, {
      message: messages.passwordMismatch,
      path: ['confirmation'],
    }),
  );
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** Spec §5: title required, content and attachment optional. */
export const supportRequestSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(limits.agentRequestTitle, messages.tooLong(limits.agentRequestTitle)),
    ),
  content: z
    .string()
    .check(z.maxLength(limits.agentRequestContent, messages.tooLong(limits.agentRequestContent))),
});
export type SupportRequestValues = z.infer<typeof supportRequestSchema>;

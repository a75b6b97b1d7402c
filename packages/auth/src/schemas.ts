// zod/mini keeps the sign-in route within its bundle budget (a few KB instead of ~15 KB gzip).
import * as z from 'zod/mini';
import { messages } from './messages';

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, messages.required)),
  z.email(messages.invalidEmail),
);

/**
 * At least 8 characters with a lower-case letter, an upper-case letter, a digit and a special
 * character (neither letter nor digit). Unicode letters count, as in the backend's check.
 */
export const PASSWORD_POLICY = /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\d)(?=.*[^\p{L}\d])[^]{8,}$/u;

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, messages.required)),
});

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .check(z.minLength(1, messages.required), z.regex(PASSWORD_POLICY, messages.passwordPolicy)),
    confirmation: z.string().check(z.minLength(1, messages.required)),
  })
  .check(
    z.refine((values) => values.password === values.confirmation, {
      message: messages.passwordMismatch,
      path: ['confirmation'],
    }),
  );

export type LoginValues = z.infer<typeof loginSchema>;
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

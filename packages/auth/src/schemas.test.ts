import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { loginSchema, newPasswordSchema } from './schemas';

const firstMessage = (
  result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('sign-in schemas', () => {
  it('requires a valid e-mail and a password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: '' }), 'email')).toBe(
      messages.required,
    );
    expect(
      firstMessage(loginSchema.safeParse({ email: 'pas-un-mail', password: 'x' }), 'email'),
    ).toBe(messages.invalidEmail);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.fr', password: '' }), 'password')).toBe(
      messages.required,
    );
    expect(loginSchema.safeParse({ email: ' a@b.fr ', password: 'x' }).success).toBe(true);
  });

  it.each([
    'Court1!',
    'sansmajuscule1!',
    'SANSMINUSCULE1!',
    'SansChiffre!!',
    'SansSpecial12',
    // An accented letter is a letter, not a special character (as the backend counts it).
    'ÉlÉphant12',
  ])('refuses the weak password %s', (password) => {
    const result = newPasswordSchema.safeParse({ password, confirmation: password });
    expect(firstMessage(result, 'password')).toBe(messages.passwordPolicy);
  });

  it.each(['Éléphant1!', 'ÉLÉPHANTé1!'])('accepts %s, accented letters included', (password) => {
    expect(newPasswordSchema.safeParse({ password, confirmation: password }).success).toBe(true);
  });

  it('needs the confirmation to match', () => {
    const result = newPasswordSchema.safeParse({
      password: 'Nouveau2026!',
      confirmation: 'Nouveau2026?',
    });
    expect(firstMessage(result, 'confirmation')).toBe(messages.passwordMismatch);
    expect(
      newPasswordSchema.safeParse({ password: 'Nouveau2026!', confirmation: 'Nouveau2026!' })
        .success,
    ).toBe(true);
  });
});

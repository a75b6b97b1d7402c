import { INVALID_EMAIL, PASSWORD_POLICY, REQUIRED } from '@portal/api/generated/field-messages';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('the sign-in field messages', () => {
  it("are the contract's (x-field-messages)", () => {
    expect([messages.required, messages.invalidEmail, messages.passwordPolicy]).toEqual([
      REQUIRED,
      INVALID_EMAIL,
      PASSWORD_POLICY,
    ]);
  });
});

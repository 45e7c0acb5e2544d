import { describe, expect, it } from 'vitest';
import { validateSetupAccount } from './validate-setup';

describe('validateSetupAccount', () => {
  it('requires a non-blank username', () => {
    expect(
      validateSetupAccount({ username: '  ', password: '12345678', confirmPassword: '12345678' }),
    ).toEqual({ field: 'username', messageKey: 'validation.usernameRequired' });
  });
  it('requires at least 8 password characters', () => {
    expect(
      validateSetupAccount({ username: 'root', password: '1234567', confirmPassword: '1234567' }),
    ).toEqual({ field: 'password', messageKey: 'validation.passwordTooShort' });
  });
  it('requires the confirmation to match', () => {
    expect(
      validateSetupAccount({ username: 'root', password: '12345678', confirmPassword: '12345679' }),
    ).toEqual({ field: 'confirmPassword', messageKey: 'validation.passwordMismatch' });
  });
  it('accepts valid values', () => {
    expect(
      validateSetupAccount({ username: 'root', password: '12345678', confirmPassword: '12345678' }),
    ).toBeNull();
  });
});

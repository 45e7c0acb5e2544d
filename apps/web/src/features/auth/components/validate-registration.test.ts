import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import {
  isDefaultRootLogin,
  registrationLimits,
  validateRegistration,
} from './validate-registration';

const valid = {
  username: 'alice',
  password: 'password1',
  password2: 'password1',
  email: '',
  verification_code: '',
};

function failure(values: Partial<typeof valid>, emailVerification = false) {
  return validateRegistration({ ...valid, ...values }, { emailVerification })?.messageKey ?? null;
}

describe('validateRegistration', () => {
  it('accepts a valid form', () => {
    expect(failure({})).toBeNull();
  });
  it('limits the username to 12 characters', () => {
    expect(failure({ username: 'a'.repeat(12) })).toBeNull();
    expect(failure({ username: 'a'.repeat(13) })).toBe('register.validation.usernameTooLong');
    expect(failure({ username: ' ' })).toBe('register.validation.usernameRequired');
  });
  it('needs a password of 8 to 20 characters', () => {
    expect(failure({ password: '1234567', password2: '1234567' })).toBe(
      'register.validation.passwordTooShort',
    );
    expect(failure({ password: 'a'.repeat(21), password2: 'a'.repeat(21) })).toBe(
      'register.validation.passwordTooLong',
    );
    expect(failure({ password: 'a'.repeat(20), password2: 'a'.repeat(20) })).toBeNull();
  });
  it('needs both passwords to match', () => {
    expect(failure({ password2: 'password2' })).toBe('register.validation.passwordMismatch');
  });
  it('needs email and code only when email verification is on', () => {
    expect(failure({}, true)).toBe('register.validation.emailAndCodeRequired');
    expect(failure({ email: 'a@b.c', verification_code: '123456' }, true)).toBeNull();
  });
});

describe('isDefaultRootLogin', () => {
  it('matches only root with the default password', () => {
    expect(isDefaultRootLogin('root', '123456')).toBe(true);
    expect(isDefaultRootLogin('root', '12345678')).toBe(false);
    expect(isDefaultRootLogin('admin', '123456')).toBe(false);
  });
});

describe('registrationLimits', () => {
  it('matches the shared contracts', () => {
    expect(registrationLimits).toEqual({
      usernameMaxLength: USERNAME_MAX_LENGTH,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      passwordMaxLength: PASSWORD_MAX_LENGTH,
    });
  });
});

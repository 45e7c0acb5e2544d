import { describe, expect, it } from 'vitest';
import { readServerAddress, validateSetupAccount } from './validate-setup';

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

describe('readServerAddress', () => {
  it('sends the address trimmed and without trailing slashes', () => {
    expect(readServerAddress(' https://gate.example.com/ ')).toEqual({
      value: 'https://gate.example.com',
    });
    expect(readServerAddress('http://10.0.0.2:3000/api')).toEqual({
      value: 'http://10.0.0.2:3000/api',
    });
  });
  it('sends blank as blank (the server keeps its value)', () => {
    expect(readServerAddress('  ')).toEqual({ value: '' });
    expect(readServerAddress(undefined)).toEqual({ value: '' });
  });
  it('refuses what is not an http(s) address', () => {
    for (const text of ['gate.example.com', 'ftp://gate.example.com', 'https://', 'http://a b']) {
      expect(readServerAddress(text)).toEqual({ messageKey: 'validation.serverAddressInvalid' });
    }
  });
});

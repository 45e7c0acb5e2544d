import { describe, expect, it } from 'vitest';
import { profileChangeRequest } from './profile-change';

describe('profileChangeRequest', () => {
  it('sends username and display name, and no password when none is typed', () => {
    expect(
      profileChangeRequest({
        username: ' alice ',
        display_name: 'Alice',
        password: '',
        original_password: 'ignored',
      }),
    ).toEqual({ ok: true, request: { username: 'alice', display_name: 'Alice' } });
  });

  it('sends a new password together with the current one', () => {
    expect(
      profileChangeRequest({
        username: 'alice',
        display_name: '',
        password: 'new-secret',
        original_password: 'old-secret',
      }),
    ).toEqual({
      ok: true,
      request: {
        username: 'alice',
        display_name: '',
        password: 'new-secret',
        original_password: 'old-secret',
      },
    });
  });

  it('sends an empty current password for accounts that have none (OAuth sign-ups)', () => {
    const change = profileChangeRequest({ username: 'alice', password: '12345678' });
    expect(change).toEqual({
      ok: true,
      request: {
        username: 'alice',
        display_name: '',
        password: '12345678',
        original_password: '',
      },
    });
  });

  it('refuses an empty username', () => {
    expect(profileChangeRequest({ username: '  ', password: '' })).toEqual({
      ok: false,
      field: 'username',
      problem: 'usernameRequired',
    });
  });

  it('refuses a new password shorter than 8 characters', () => {
    expect(profileChangeRequest({ username: 'alice', password: '1234567' })).toEqual({
      ok: false,
      field: 'password',
      problem: 'passwordTooShort',
    });
  });
});

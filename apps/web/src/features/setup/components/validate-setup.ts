/** Field values of the setup form. */
export interface SetupFormValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Minimum length of the admin password. */
export const minimumPasswordLength = 8;

/**
 * Checks the admin account fields (only asked while no root user exists). Returns the failing
 * field and the translation key of its message, or null when the values are acceptable.
 */
export function validateSetupAccount(
  values: SetupFormValues,
): { field: keyof SetupFormValues; messageKey: string } | null {
  if (!values.username || values.username.trim() === '') {
    return { field: 'username', messageKey: 'validation.usernameRequired' };
  }
  if (!values.password || values.password.length < minimumPasswordLength) {
    return { field: 'password', messageKey: 'validation.passwordTooShort' };
  }
  if (values.password !== values.confirmPassword) {
    return { field: 'confirmPassword', messageKey: 'validation.passwordMismatch' };
  }
  return null;
}

/**
 * The server address as the wizard sends it (`ServerAddress`): trimmed, without trailing
 * slashes; blank keeps the server's value. The message's translation key instead when it is not
 * an http(s) address (the server refuses those too, in Chinese only).
 */
export function readServerAddress(
  text: string | undefined,
): { value: string } | { messageKey: string } {
  const value = (text ?? '').trim().replace(/\/+$/, '');
  if (value !== '' && !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) {
    return { messageKey: 'validation.serverAddressInvalid' };
  }
  return { value };
}

/**
 * Limits of the registration form: the server's own limits. They equal the shared contracts'
 * constants (a test checks it); importing those at run time would pull every schema into the
 * login screen's bundle.
 */
export const registrationLimits = {
  usernameMaxLength: 12,
  passwordMinLength: 8,
  passwordMaxLength: 20,
} as const;

export interface RegistrationValues {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
}

export type RegistrationField = keyof RegistrationValues;

/**
 * Checks the registration form in the order the user sees it. Returns the failing field and the
 * translation key (namespace `auth`) of its message, or null.
 */
export function validateRegistration(
  values: RegistrationValues,
  options: { emailVerification: boolean },
): { field: RegistrationField; messageKey: string } | null {
  if (values.username.trim() === '') {
    return { field: 'username', messageKey: 'register.validation.usernameRequired' };
  }
  if (values.username.length > registrationLimits.usernameMaxLength) {
    return { field: 'username', messageKey: 'register.validation.usernameTooLong' };
  }
  if (values.password.length < registrationLimits.passwordMinLength) {
    return { field: 'password', messageKey: 'register.validation.passwordTooShort' };
  }
  if (values.password.length > registrationLimits.passwordMaxLength) {
    return { field: 'password', messageKey: 'register.validation.passwordTooLong' };
  }
  if (values.password !== values.password2) {
    return { field: 'password2', messageKey: 'register.validation.passwordMismatch' };
  }
  if (options.emailVerification) {
    if (values.email.trim() === '') {
      return { field: 'email', messageKey: 'register.validation.emailAndCodeRequired' };
    }
    if (values.verification_code.trim() === '') {
      return { field: 'verification_code', messageKey: 'register.validation.emailAndCodeRequired' };
    }
  }
  return null;
}

/** The reference console's default root credentials: signing in with them asks for a change. */
export function isDefaultRootLogin(username: string, password: string): boolean {
  return username === 'root' && password === '123456';
}

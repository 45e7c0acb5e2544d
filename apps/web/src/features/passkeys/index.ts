/**
 * Passkeys (WebAuthn): the personal settings card, the login page button and the admin reset.
 * The ceremonies themselves, `verifyWithPasskey()` among them, are in lib/passkey-ceremony.ts,
 * where the shared secure verification dialog reaches them too.
 */
export { PasskeyCard } from './components/passkey-card';
export { PasskeyLoginButton } from './components/passkey-login-button';
export { useResetUserPasskeyMutation } from './queries';
export {
  PasskeyBrowserError,
  passkeysSupported,
  verifyWithPasskey,
  type SecureVerification,
} from '../../lib/passkey-ceremony';
export { reportPasskeyError } from './passkey-errors';

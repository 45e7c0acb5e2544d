/**
 * Passkeys (WebAuthn): the personal settings card and the admin reset (the login page's button
 * is the auth feature's, so the login page loads none of this).
 * The ceremonies themselves, `verifyWithPasskey()` among them, are in lib/passkey-ceremony.ts,
 * where the shared secure verification dialog reaches them too.
 */
export { PasskeyCard } from './components/passkey-card';
export { useResetUserPasskeyMutation } from './queries';
export { PasskeyBrowserError, reportPasskeyError } from '../../lib/passkey-browser-error';
export {
  passkeysSupported,
  verifyWithPasskey,
  type SecureVerification,
} from '../../lib/passkey-ceremony';

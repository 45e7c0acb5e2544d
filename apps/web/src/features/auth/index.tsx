/** Sign-in screens: login, registration, the OAuth callback and the password reset. */
export { LoginPage } from './components/login-page';
export { OAuthCallbackPage } from './components/oauth-callback-page';
export { RegisterPage } from './components/register-page';
export { ResetConfirmPage } from './components/reset-confirm-page';
export { ResetRequestPage } from './components/reset-request-page';

/** Sign-in screens: login, registration and the OAuth callback. */
export { LoginPage } from './components/login-page';
export { OAuthCallbackPage } from './components/oauth-callback-page';
export { RegisterPage } from './components/register-page';

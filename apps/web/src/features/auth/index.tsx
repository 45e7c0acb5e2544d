/** Sign-in screens: login, registration, the OAuth callback, the password reset; the pieces binding reuses. */
export { LoginPage } from './components/login-page';
export { OAuthCallbackBySlug, OAuthCallbackPage } from './components/oauth-callback-page';
export { RegisterPage } from './components/register-page';
export { ResetConfirmPage } from './components/reset-confirm-page';
export { ResetRequestPage } from './components/reset-request-page';
export { redirectToProvider } from './components/provider-redirect';
export { LinuxDoIcon } from './components/linux-do-icon';
export { TelegramLoginButton } from './components/telegram-login-button';
export { useTurnstile } from './components/use-turnstile';
export { SendCodeButton } from './components/send-code-button';
export { useCountdown } from './components/use-countdown';
export { WeChatLoginDialog } from './dialogs/wechat-login-dialog';
export {
  emailBind,
  sendVerificationCode,
  telegramBind,
  wechatBind,
  type OAuthProvider,
} from './api';
export { ProviderIcon } from './components/provider-icon';

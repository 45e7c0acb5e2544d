/** Two-factor sign-in: the personal settings card, the sign-in code step, the admin reset. */
export { TwoFactorCard } from './components/two-factor-card';
export { LoginCodeStep } from './components/login-code-step';
export { requiresTwoFactor } from './api';
export { useResetUserTwoFactorMutation } from './queries';

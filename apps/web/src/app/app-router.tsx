import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { AppShell } from '../features/shell';
import { ForbiddenPage } from '../features/shell/components/forbidden-page';
import { RequireRole } from '../features/shell/components/require-role';
import { RequireUser } from '../features/shell/components/require-user';
import { withConsoleTexts } from '../i18n/i18n';
import { registerNavigator } from '../lib/navigation';
import { unavailableScreens } from './unavailable-screens';

// Screens load on demand so the first paint only needs the shell; the console's screens bring the
// console's texts with them (the sign-in and home pages' first load carries only their own).
const HomePage = lazy(() => import('../features/home'));
const AboutPage = lazy(() => import('../features/about'));
const SetupPage = lazy(() => import('../features/setup'));
const UsersPage = lazy(() => withConsoleTexts(import('../features/users')));
const PersonalPage = lazy(() => withConsoleTexts(import('../features/personal')));
const ProfileEditPage = lazy(() =>
  withConsoleTexts(
    import('../features/personal').then((module) => ({ default: module.ProfileEditPage })),
  ),
);
const UserEditorPage = lazy(() =>
  withConsoleTexts(
    import('../features/users').then((module) => ({ default: module.UserEditorPage })),
  ),
);
const SettingsPage = lazy(() => withConsoleTexts(import('../features/settings')));
const TokensPage = lazy(() => withConsoleTexts(import('../features/tokens')));
const LogsPage = lazy(() => withConsoleTexts(import('../features/logs')));
const ChannelsPage = lazy(() => withConsoleTexts(import('../features/channels')));
const ChannelEditorPage = lazy(() =>
  withConsoleTexts(
    import('../features/channels').then((module) => ({ default: module.ChannelEditorPage })),
  ),
);
const WalletPage = lazy(() => withConsoleTexts(import('../features/wallet')));
const RedemptionsPage = lazy(() => withConsoleTexts(import('../features/redemptions')));
const SubscriptionsPage = lazy(() => withConsoleTexts(import('../features/subscriptions')));
const NotFoundPage = lazy(() => withConsoleTexts(import('../features/not-found')));
const UnavailablePage = lazy(() => withConsoleTexts(import('../features/unavailable')));
const DrawingLogPage = lazy(() => withConsoleTexts(import('../features/task-logs')));
const TaskLogPage = lazy(() =>
  withConsoleTexts(
    import('../features/task-logs').then((module) => ({ default: module.TaskLogPage })),
  ),
);
const DashboardPage = lazy(() => withConsoleTexts(import('../features/dashboard')));
const PricingPage = lazy(() => withConsoleTexts(import('../features/pricing')));
const ModelsPage = lazy(() => withConsoleTexts(import('../features/models')));
const PlaygroundPage = lazy(() => withConsoleTexts(import('../features/playground')));
const ChatPage = lazy(() => withConsoleTexts(import('../features/chat')));
const ChatToLinkPage = lazy(() =>
  withConsoleTexts(
    import('../features/chat').then((module) => ({ default: module.ChatToLinkPage })),
  ),
);
const LoginPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.RegisterPage })),
);
const ResetRequestPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.ResetRequestPage })),
);
const ResetConfirmPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.ResetConfirmPage })),
);
const OAuthCallbackPage = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.OAuthCallbackPage })),
);
const OAuthCallbackBySlug = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.OAuthCallbackBySlug })),
);

function unavailableRoutes(guarded: boolean): RouteObject[] {
  return unavailableScreens
    .filter((screen) => screen.guarded === guarded)
    .map((screen) => ({
      path: screen.path,
      element: <UnavailablePage titleKey={screen.titleKey} />,
    }));
}

/**
 * An admin screen: users below admin get the 403 page, titled with the screen's own text
 * (`forbiddenKey`), and the screen itself never mounts, so none of its calls are made.
 */
function adminScreen(screen: ReactNode, forbiddenKey: string): ReactNode {
  return (
    <RequireRole role="admin" refusal={<ForbiddenPage titleKey={forbiddenKey} />}>
      {screen}
    </RequireRole>
  );
}

/** The route table of the console (spec part 2 §2): public routes, then guarded ones. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/setup', element: <SetupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset', element: <ResetRequestPage /> },
      { path: '/user/reset', element: <ResetConfirmPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/oauth/github', element: <OAuthCallbackPage provider="github" /> },
      { path: '/oauth/oidc', element: <OAuthCallbackPage provider="oidc" /> },
      { path: '/oauth/linuxdo', element: <OAuthCallbackPage provider="linuxdo" /> },
      { path: '/oauth/discord', element: <OAuthCallbackPage provider="discord" /> },
      { path: '/oauth/:slug', element: <OAuthCallbackBySlug /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/chat/:id?', element: <ChatPage /> },
      { path: '/channel/add', element: <ChannelEditorPage /> },
      { path: '/channel/edit/:id', element: <ChannelEditorPage /> },
      ...unavailableRoutes(false),
      {
        // The spec lists the user editors as unguarded, but all they show comes from calls that
        // need a session: signed-out visitors go to login (as a guarded route sends them) rather
        // than after a refused call, and non-admins get the 403 page for someone else's row.
        element: <RequireUser />,
        children: [
          { path: '/user/edit', element: <ProfileEditPage /> },
          { path: '/user/edit/:id', element: adminScreen(<UserEditorPage />, 'users:forbidden') },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/user', element: adminScreen(<UsersPage />, 'users:forbidden') },
          { path: '/personal', element: <PersonalPage /> },
          {
            // The tabs are root's; everyone else is sent to personal settings.
            path: '/setting',
            element: (
              <RequireRole role="root" refusal={<Navigate to="/personal" replace />}>
                <SettingsPage />
              </RequireRole>
            ),
          },
          { path: '/detail', element: <DashboardPage /> },
          { path: '/playground', element: <PlaygroundPage /> },
          { path: '/chat2link', element: <ChatToLinkPage /> },
          { path: '/channel', element: adminScreen(<ChannelsPage />, 'channels:forbidden') },
          { path: '/models', element: adminScreen(<ModelsPage />, 'models:forbidden') },
          { path: '/token', element: <TokensPage /> },
          { path: '/log', element: <LogsPage /> },
          { path: '/topup', element: <WalletPage /> },
          {
            path: '/redemption',
            element: adminScreen(<RedemptionsPage />, 'redemptions:forbidden'),
          },
          {
            path: '/subscription',
            element: adminScreen(<SubscriptionsPage />, 'subscriptions:forbidden'),
          },
          { path: '/midjourney', element: <DrawingLogPage /> },
          { path: '/task', element: <TaskLogPage /> },
          ...unavailableRoutes(true),
        ],
      },
      // new-api's console lives under /console (its payment gateways send buyers back to
      // /console/log and /console/topup): the same screens here have no prefix.
      { path: '/console/*', element: <WithoutConsolePrefix /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Sends `/console/<path>?<query>` to `/<path>?<query>`. */
function WithoutConsolePrefix() {
  const location = useLocation();
  const path = location.pathname.replace(/^\/console(?=\/|$)/, '') || '/';
  return <Navigate to={`${path}${location.search}${location.hash}`} replace />;
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, options) => router.navigate(to, options));
  return router;
}

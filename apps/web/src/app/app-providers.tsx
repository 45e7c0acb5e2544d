import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../i18n/i18n';
import { NotifierBridge } from '../lib/notifier-bridge';
import { usePrefersReducedMotion } from '../theme/reduced-motion';
import { ThemeModeProvider, useThemeMode } from '../theme/theme-mode';
import { queryClient } from './query-client';

function ThemedApp({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  const { i18n } = useTranslation();
  const dark = mode === 'dark';
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      // Two-character Chinese labels read as words; antd would space them out ("提 升").
      button={{ autoInsertSpace: false }}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { borderRadius: 8, motion: !reducedMotion },
        components: {
          Layout: {
            headerBg: dark ? '#141414' : '#ffffff',
            headerPadding: '0 16px',
            headerHeight: 56,
            siderBg: dark ? '#141414' : '#ffffff',
            bodyBg: dark ? '#000000' : '#f5f6f8',
            footerBg: 'transparent',
            footerPadding: '16px 24px',
            triggerBg: dark ? '#1f1f1f' : '#fafafa',
            triggerColor: dark ? 'rgba(255,255,255,0.65)' : 'rgba(0,0,0,0.65)',
          },
        },
      }}
    >
      {/* Notices open below the sticky top bar, so that its controls stay reachable. */}
      <AntApp notification={{ top: 72 }}>
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Theme, language, feedback APIs and the query cache for the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ThemedApp>{children}</ThemedApp>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}

import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../../theme/theme-mode';

interface TurnstileApi {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
      theme?: 'light' | 'dark';
    },
  ) => string;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoading: Promise<void> | null = null;
/** A script that has not arrived by then is taken as unreachable (closed networks hang instead of failing). */
const LOAD_TIMEOUT_MS = 10_000;

function loadTurnstile(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(() => {
      scriptLoading = null;
      reject(new Error('Turnstile script timed out'));
    }, LOAD_TIMEOUT_MS);
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      scriptLoading = null;
      reject(new Error('Turnstile script failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onVerify: (token: string) => void;
}

/**
 * Cloudflare Turnstile human check; reports its token through `onVerify` ('' once it expired or
 * failed). When Cloudflare cannot be reached, says so instead of leaving the form waiting.
 */
export function TurnstileWidget({ siteKey, onVerify }: TurnstileWidgetProps) {
  const { t } = useTranslation('auth');
  const [unavailable, setUnavailable] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onVerify);
  callback.current = onVerify;
  const { mode } = useThemeMode();

  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadTurnstile()
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return;
        widgetId = window.turnstile.render(container.current, {
          sitekey: siteKey,
          theme: mode,
          callback: (token) => callback.current(token),
          'expired-callback': () => callback.current(''),
          'error-callback': () => callback.current(''),
        });
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, mode]);

  return (
    <>
      <div ref={container} style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }} />
      {unavailable && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('turnstile.loadFailed')}
          data-testid="turnstile-unavailable"
        />
      )}
    </>
  );
}

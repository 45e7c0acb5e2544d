import { useEffect, useRef } from 'react';
import { useThemeMode } from '../../../theme/theme-mode';

interface TurnstileApi {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; theme?: 'light' | 'dark' },
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

function loadTurnstile(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
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

/** Cloudflare Turnstile human check; reports its token through `onVerify`. */
export function TurnstileWidget({ siteKey, onVerify }: TurnstileWidgetProps) {
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
        });
      })
      .catch(() => {
        // Without the script the form keeps saying the check is still running.
      });
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, mode]);

  return (
    <div ref={container} style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }} />
  );
}

import { useEffect, useRef } from 'react';

/** The widget calls a global function by name with the user's signed fields. */
type TelegramAuthCallback = (user: Record<string, unknown>) => void;

function callbacks(): Record<string, TelegramAuthCallback | undefined> {
  return window as unknown as Record<string, TelegramAuthCallback | undefined>;
}

/** Fields of the Telegram widget answer that `GET /api/oauth/telegram/login` expects. */
const telegramFields = [
  'id',
  'first_name',
  'last_name',
  'username',
  'photo_url',
  'auth_date',
  'hash',
  'lang',
] as const;

/** Keeps the known, non-empty fields of the widget answer as text. */
export function telegramLoginParameters(user: Record<string, unknown>): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const field of telegramFields) {
    const value = user[field];
    if (typeof value === 'string' || typeof value === 'number') {
      if (String(value) !== '') parameters[field] = String(value);
    }
  }
  return parameters;
}

interface TelegramLoginButtonProps {
  botName: string;
  onAuth: (parameters: Record<string, string>) => void;
  /** The global function the widget calls (sign-in and binding use their own). */
  callbackName?: string;
}

/** The Telegram login widget (loaded from telegram.org). */
export function TelegramLoginButton({
  botName,
  onAuth,
  callbackName = 'onTollgateTelegramAuth',
}: TelegramLoginButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onAuth);
  callback.current = onAuth;

  useEffect(() => {
    const element = container.current;
    if (!element || !botName) return;
    callbacks()[callbackName] = (user) => callback.current(telegramLoginParameters(user));
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.requestAccess = 'write';
    script.dataset.onauth = `${callbackName}(user)`;
    element.appendChild(script);
    return () => {
      element.replaceChildren();
      delete callbacks()[callbackName];
    };
  }, [botName, callbackName]);

  return (
    <div ref={container} style={{ display: 'flex', justifyContent: 'center', marginTop: 8 }} />
  );
}

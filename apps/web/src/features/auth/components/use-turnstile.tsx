import { useState } from 'react';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import { TurnstileWidget } from './turnstile-widget';

/**
 * The Turnstile check of a form, when the site asks for one: the token to send with the request,
 * `ready()` for the actions that need it (false, with `pendingMessage` shown, until the check has
 * passed), and the widget to draw (null when the site asks for no check).
 */
export function useTurnstile(pendingMessage: string) {
  const status = useStatus();
  const [token, setToken] = useState('');
  const required = status.turnstile_check === true;
  const ready = () => {
    if (required && token === '') {
      notify.info(pendingMessage);
      return false;
    }
    return true;
  };
  const widget =
    required && status.turnstile_site_key ? (
      <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setToken} />
    ) : null;
  return { token, required, ready, widget };
}

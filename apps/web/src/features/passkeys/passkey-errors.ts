import type { TFunction } from 'i18next';
import { notify } from '../../lib/notifier';
import { PasskeyBrowserError } from '../../lib/passkey-ceremony';

/**
 * Shows why a ceremony stopped when the browser stopped it; server refusals were shown by the
 * HTTP client already.
 */
export function reportPasskeyError(error: unknown, t: TFunction<'passkeys'>): void {
  if (error instanceof PasskeyBrowserError) {
    notify.error(error.reason === 'unsupported' ? t('errors.unsupported') : t('errors.cancelled'));
  }
}

import type { TFunction } from 'i18next';
import { notify } from './notifier';

/**
 * Why the browser did not produce a passkey answer, and how it is reported. Apart from the ceremonies (passkey-ceremony.ts)
 * so that pages which only report errors do not load the WebAuthn library with their first paint.
 */
export class PasskeyBrowserError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'cancelled',
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = 'PasskeyBrowserError';
  }
}

/**
 * Shows why a ceremony stopped when the browser stopped it; server refusals were shown by the
 * HTTP client already.
 */
export function reportPasskeyError(error: unknown, t: TFunction<'passkeys'>): void {
  if (error instanceof PasskeyBrowserError) {
    notify.error(error.reason === 'unsupported' ? t('errors.unsupported') : t('errors.cancelled'));
  }
}

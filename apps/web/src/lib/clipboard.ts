import { i18n } from '../i18n/i18n';
import { notify } from './notifier';

/** Copies text; returns false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies text and reports the outcome: a success toast, or a dialog holding the text so that it
 * can be copied by hand.
 */
export async function copyWithFeedback(text: string, successMessage?: string): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) {
    notify.success(successMessage ?? i18n.t('common:copied', { text }));
  } else {
    notify.errorDialog(i18n.t('errors:copyFailed'), text);
  }
  return copied;
}

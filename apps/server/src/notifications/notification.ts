import { NOTIFICATION_VALUE_PLACEHOLDER } from '@tollgate/contracts';

/**
 * A message for one user (reference §12.1): `content` is HTML with `{{value}}` placeholders that
 * `values` fill in order. Webhooks receive both as they are; email fills them in.
 */
export interface Notification {
  /** What it is about; also the throttle's key (`quota_exceed`, `channel_update_<id>_<status>`). */
  type: string;
  title: string;
  content: string;
  values: unknown[];
}

/** Fills each `{{value}}` with the next value; placeholders left over stay as they are. */
export function renderNotificationContent(content: string, values: readonly unknown[]): string {
  let rendered = content;
  let from = 0;
  for (const value of values) {
    const at = rendered.indexOf(NOTIFICATION_VALUE_PLACEHOLDER, from);
    if (at < 0) break;
    const text = String(value);
    rendered =
      rendered.slice(0, at) + text + rendered.slice(at + NOTIFICATION_VALUE_PLACEHOLDER.length);
    // A value that itself contains the placeholder is not filled again.
    from = at + text.length;
  }
  return rendered;
}

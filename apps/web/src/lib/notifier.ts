import { message as staticMessage, Modal as StaticModal, type App } from 'antd';
import type { ReactNode } from 'react';

/** The themed feedback APIs of antd's `App` (message, modal, notification), bound once mounted. */
export type FeedbackApis = ReturnType<typeof App.useApp>;
type MessageApi = FeedbackApis['message'];

let bound: FeedbackApis | null = null;

export function bindFeedbackApis(apis: FeedbackApis): void {
  bound = apis;
}

function messageApi(): Pick<MessageApi, 'error' | 'success' | 'info' | 'warning'> {
  return bound?.message ?? staticMessage;
}

// The same text shown twice at once (several failing queries) collapses into one toast.
function keyed(content: ReactNode) {
  return typeof content === 'string' ? { content, key: content } : { content };
}

/** Global notifier: usable from React code and from the HTTP client alike. */
export const notify = {
  error(content: ReactNode): void {
    void messageApi().error(keyed(content));
  },
  success(content: ReactNode): void {
    void messageApi().success(keyed(content));
  },
  info(content: ReactNode): void {
    void messageApi().info(keyed(content));
  },
  warning(content: ReactNode): void {
    void messageApi().warning(keyed(content));
  },
  /** A blocking error dialog (e.g. "copy this manually"). */
  errorDialog(title: ReactNode, content: ReactNode): void {
    const modal = bound?.modal ?? StaticModal;
    modal.error({ title, content, centered: true });
  },
  /** A notice that stays until closed (site notice). */
  notice(title: ReactNode, content: ReactNode): void {
    bound?.notification.info({ title, description: content, duration: 0, placement: 'topRight' });
  },
};

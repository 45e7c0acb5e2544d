import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../chat-messages';
import { MessageBubble } from './message-bubble';

/** The conversation, kept scrolled to the newest text. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation('playground');
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages]);

  return (
    <div ref={container} className="tg-message-list" aria-live="polite">
      {messages.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('chat.empty')}
          style={{ marginTop: 48 }}
        />
      ) : (
        messages.map((message) => <MessageBubble key={message.id} message={message} />)
      )}
    </div>
  );
}

import { ExclamationCircleOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Spin, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownToSafeHtml } from '../../../lib/rich-content';
import type { ChatMessage } from '../chat-messages';

/** One message: the user's on the right as typed, replies on the left as rendered Markdown. */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('playground');
  const { token } = theme.useToken();
  const isUser = message.role === 'user';
  const html = useMemo(
    () => (isUser || message.status === 'error' ? '' : markdownToSafeHtml(message.content)),
    [isUser, message.content, message.status],
  );

  let body;
  if (isUser) {
    body = <div className="tg-message-text">{message.content}</div>;
  } else if (message.status === 'loading') {
    body = (
      <span className="tg-message-loading">
        <Spin size="small" /> {t('chat.thinking')}
      </span>
    );
  } else if (message.status === 'error') {
    body = (
      <div className="tg-message-text" style={{ color: token.colorError }}>
        <ExclamationCircleOutlined /> {message.content}
      </div>
    );
  } else {
    body = (
      <div
        className={
          message.status === 'incomplete'
            ? 'tg-message-markdown tg-message-streaming'
            : 'tg-message-markdown'
        }
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }

  return (
    <div
      className={isUser ? 'tg-message tg-message-user' : 'tg-message'}
      data-status={message.status}
    >
      <Avatar
        size={32}
        icon={isUser ? <UserOutlined /> : <RobotOutlined />}
        style={{ background: isUser ? token.colorPrimary : token.colorSuccess, flex: 'none' }}
      />
      <div
        className="tg-message-bubble"
        style={{
          background: isUser ? token.colorPrimaryBg : token.colorFillTertiary,
          borderRadius: token.borderRadiusLG,
        }}
      >
        {body}
      </div>
    </div>
  );
}

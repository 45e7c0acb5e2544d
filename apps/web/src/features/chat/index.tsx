import { Alert, Button, Result, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { readJson } from '../../lib/local-store';
import { notify } from '../../lib/notifier';
import { storageKeys } from '../../lib/storage-keys';
import { useStatus } from '../../status/status-store';
import './chat.css';
import {
  chatTemplateAt,
  fillChatTemplate,
  isSafeLink,
  isWebLink,
  serverAddressOf,
} from './chat-link';
import { useEnabledTokenKeys } from '../../session/token-keys';

export { default as ChatToLinkPage } from './chat-to-link';

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * The chat embed (`/chat/{id?}`): the chat client at that index of the stored chat list, filled
 * with the server address and the first enabled token, in a full-size frame. App links (not web
 * pages) are opened instead. Until then it says that it is redirecting.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const status = useStatus();
  const { keys, loading } = useEnabledTokenKeys();
  const index = id === undefined ? 0 : Number(id);

  // A fresh status payload rewrites the stored chat list, hence `status` among the inputs.
  const template = useMemo(
    () => chatTemplateAt(readJson(storageKeys.chats, isList), index),
    [status, index],
  );
  const link = useMemo(() => {
    if (!template || keys.length === 0) return '';
    const address = serverAddressOf(status.server_address, window.location.origin);
    return fillChatTemplate(template.template, address, keys[0]);
  }, [template, keys, status.server_address]);
  const safe = link !== '' && isSafeLink(link);

  useEffect(() => {
    if (link !== '' && !safe) notify.error(t('linkInvalid'));
    if (safe && !isWebLink(link)) window.location.assign(link);
  }, [link, safe, t]);

  if (!loading && template === null) {
    return <Result status="warning" title={t('noChatConfigured')} />;
  }
  if (safe && isWebLink(link)) {
    return <iframe src={link} title={template?.name ?? 'chat'} className="tg-chat-frame" />;
  }
  if (safe) {
    return (
      <Result
        status="info"
        title={t('openingApp', { name: template?.name ?? '' })}
        extra={
          <Button type="primary" href={link}>
            {t('openApp')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ padding: 24 }}>
      <Alert type="warning" showIcon title={t('redirecting')} />
      <div style={{ textAlign: 'center', marginTop: 48 }}>
        <Spin size="large" />
      </div>
    </div>
  );
}

import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, readString } from '../../lib/local-store';
import { notify } from '../../lib/notifier';
import { storageKeys } from '../../lib/storage-keys';
import { useStatus } from '../../status/status-store';
import {
  chatTemplateAt,
  fillChatTemplate,
  isSafeLink,
  legacyChatLink,
  serverAddressOf,
} from './chat-link';
import { useEnabledTokenKeys } from '../../session/token-keys';

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * Chat-to-link (`/chat2link`): builds the chat link carrying the key and server address and goes
 * there. The legacy `chat_link` wins when set; otherwise the first chat client of the list.
 */
export default function ChatToLinkPage() {
  const { t } = useTranslation('chat');
  const status = useStatus();
  const { keys } = useEnabledTokenKeys();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (keys.length === 0) return;
    const address = serverAddressOf(status.server_address, window.location.origin);
    const chatLink = readString(storageKeys.chatLink) ?? '';
    const first = chatTemplateAt(readJson(storageKeys.chats, isList), 0);
    const link = chatLink
      ? legacyChatLink(chatLink, address, keys[0])
      : first
        ? fillChatTemplate(first.template, address, keys[0])
        : '';
    if (link === '') {
      notify.error(t('noChatConfigured'));
      setFailed(true);
    } else if (!isSafeLink(link)) {
      notify.error(t('linkInvalid'));
      setFailed(true);
    } else {
      window.location.assign(link);
    }
  }, [keys, status.server_address, t]);

  if (failed) return <Result status="warning" title={t('noChatConfigured')} />;
  return <Result icon={<Spin size="large" />} title={t('loading')} />;
}

import { DownOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readString } from '../../../lib/local-store';
import { notify } from '../../../lib/notifier';
import { storageKeys } from '../../../lib/storage-keys';
import { useStatus } from '../../../status/status-store';
import { buildChatLink, chatServerAddress, parseChatClients } from '../rules/chat-link';
import { fullTokenKey } from './token-key-cell';

/** The token a chat client is opened with: lists show its key masked, so it is read on use. */
export interface ChatToken {
  id: number;
  key: string;
}

/**
 * The chat clients a token can be opened in (status `chats`, stored locally under `chats`) and a
 * function that opens one; without a client it reports why (not configured, or unreadable).
 */
export function useChatLauncher() {
  const { t } = useTranslation('tokens');
  const status = useStatus();
  // A fresh status payload rewrites the stored list, so it is re-read when the payload changes.
  const { clients, failed } = useMemo(
    () => parseChatClients(readString(storageKeys.chats)),
    [status],
  );

  const open = (template: string | undefined, token: ChatToken) => {
    if (failed) {
      notify.error(t('chat.configError'));
      return;
    }
    if (template === undefined) {
      notify.error(t('chat.notConfigured'));
      return;
    }
    const address = chatServerAddress(status.server_address, window.location.origin);
    // The tab opens during the click (a later one would be blocked as a pop-up) and gets its
    // address once the key is read.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    fullTokenKey(token).then(
      (key) => {
        const link = buildChatLink(template, address, key);
        if (tab) tab.location.href = link;
        else window.open(link, '_blank', 'noopener,noreferrer');
      },
      () => tab?.close(),
    );
  };
  return { clients, failed, open };
}

/** Opens a token in a chat client: the button uses the first client, the menu lists them all. */
export function ChatOpenButton({ token }: { token: ChatToken }) {
  const { t } = useTranslation('tokens');
  const { clients, failed, open } = useChatLauncher();
  return (
    <Space.Compact size="small">
      <Tooltip title={clients[0] ? t('chat.openIn', { name: clients[0].name }) : t('chat.open')}>
        <Button
          size="small"
          icon={<MessageOutlined />}
          aria-label={t('chat.open')}
          onClick={() => open(clients[0]?.template, token)}
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        disabled={failed || clients.length === 0}
        menu={{
          items: clients.map((client, index) => ({ key: String(index), label: client.name })),
          onClick: ({ key }) => open(clients[Number(key)]?.template, token),
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('chat.choose')} />
      </Dropdown>
    </Space.Compact>
  );
}
